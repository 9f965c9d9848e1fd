/**
 * The {@code gpumem} command line (a plain jar on a plain classpath, started by {@code ./gpumem}):
 * one class per command (images, dwarf, run, bench, demo, snapshot, exec), each using the core
 * bundles' API only. Bad input exits with status 1 and a message naming the file; an unexpected
 * exception is reported as a bug, its trace in a log file, with status 70.
 */
package org.gpumem.cli;
