package org.gpumem.ui.memory;

/**
 * The bytes of one address space as one context sees them: what a memory rendering shows. Reads
 * may be slow (a simulator, a snapshot file, a remote debugger), so the UI calls {@link #read}
 * only from jobs.
 */
public interface SpaceReader {

    /** Name of the address space, e.g. {@code shared} or {@code default} for plain memory blocks. */
    String spaceName();

    /** Address size of the space in bits; addresses are printed with this many hex digits / 4. */
    int addressBits();

    /** The context the space is bound to, e.g. {@code work-group (1,0,0)}; empty when none. */
    String contextLabel();

    /** First readable address. */
    long start();

    /** Number of readable bytes from {@link #start()} on (unsigned; may be huge). */
    long length();

    /**
     * Copies {@code len} bytes from {@code address} into {@code dst[off..]}.
     *
     * @throws RuntimeException with a message for the user when the bytes cannot be read
     */
    void read(long address, byte[] dst, int off, int len);

    /** Changes whenever the contents may have changed; cached pages of another version are stale. */
    long version();

    /** Hex text of an address padded to the space's width, e.g. {@code 0x00000010}. */
    default String formatAddress(long address) {
        return Hex.address(address, addressBits());
    }
}
