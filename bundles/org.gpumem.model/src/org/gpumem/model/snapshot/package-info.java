/**
 * Saved memory states: {@link org.gpumem.model.snapshot.SnapshotWriter} writes a stopped state
 * as XMI plus a sparse, zstd-compressed page file; {@link org.gpumem.model.snapshot.Snapshot}
 * opens one read-only without a simulator, its pools reading lazily, after
 * {@link org.gpumem.model.snapshot.SnapshotValidator} has checked the model's invariants. A bad
 * file fails with a message naming the file, the part (XMI, page index, chunk) and where.
 */
package org.gpumem.model.snapshot;
