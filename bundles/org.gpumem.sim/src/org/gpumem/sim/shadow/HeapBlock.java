package org.gpumem.sim.shadow;

import org.gpumem.sim.check.Access;

/**
 * A block of the device heap as kernels' {@code malloc} handed it out: the bytes asked for, the
 * bytes given (memcheck's red zone after them belongs to no block), and who allocated and freed it.
 */
final class HeapBlock {
    final long start;
    final long requested;
    final long granted;
    final Access allocatedBy;
    final String kernel;
    final int launch;
    Access freedBy;

    HeapBlock(long start, long requested, long granted, Access allocatedBy, String kernel, int launch) {
        this.start = start;
        this.requested = requested;
        this.granted = granted;
        this.allocatedBy = allocatedBy;
        this.kernel = kernel;
        this.launch = launch;
    }

    boolean live() {
        return freedBy == null;
    }

    String describe() {
        return "device-heap block of " + requested + " bytes from malloc at " + allocatedBy.where();
    }
}
