/**
 * Snapshots in the IDE (internal): Save Snapshot, and the editor that opens a .gpumem snapshot
 * read-only in gpumem's views.
 */
package org.gpumem.ui.snapshot;
