/**
 * Reading hostile input safely, for every gpumem decoder: a bounds-checked
 * {@link org.gpumem.dwarf.io.ByteReader}, opening files so that a failure names the file and
 * what was expected ({@link org.gpumem.dwarf.io.InputFiles}), the one place compressed input is
 * inflated within a per-file budget ({@link org.gpumem.dwarf.io.BoundedDecompression}), and
 * {@link org.gpumem.dwarf.io.InputFormatException}, which every decoder throws for bad input:
 * one line naming the file, section and byte offset.
 */
package org.gpumem.dwarf.io;
