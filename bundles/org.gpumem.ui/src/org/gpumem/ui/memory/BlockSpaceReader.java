package org.gpumem.ui.memory;

import java.math.BigInteger;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.core.model.MemoryByte;
import org.gpumem.ui.internal.UnreadableMemoryException;

/**
 * Any debugger's {@link IMemoryBlockExtension} as the default address space; bytes the block
 * marks unreadable come back as an error for the whole read.
 */
public final class BlockSpaceReader implements SpaceReader {

    private final IMemoryBlockExtension block;
    private final String spaceName;
    private final String contextLabel;
    private final int addressBits;
    private final long start;
    private final long length;

    /**
     * Reads the block's address size and extent once.
     *
     * @throws DebugException when the block's debugger cannot say them (the rendering says why)
     */
    public BlockSpaceReader(IMemoryBlockExtension block, String spaceName, String contextLabel) throws DebugException {
        this.block = block;
        this.spaceName = spaceName;
        this.contextLabel = contextLabel;
        int size = block.getAddressSize();
        this.addressBits = size > 0 ? size * 8 : 64;
        BigInteger first = block.getMemoryBlockStartAddress();
        this.start = first == null ? 0 : first.longValue();
        this.length = extent(block, first);
    }

    /** Bytes from the block's start to its end, its length, or unbounded when it names neither. */
    private static long extent(IMemoryBlockExtension block, BigInteger start) throws DebugException {
        BigInteger end = block.getMemoryBlockEndAddress();
        if (start != null && end != null && end.compareTo(start) >= 0) {
            return end.subtract(start).add(BigInteger.ONE).min(BigInteger.valueOf(Long.MAX_VALUE)).longValue();
        }
        BigInteger size = block.getBigLength();
        if (size != null && size.signum() > 0) {
            return size.min(BigInteger.valueOf(Long.MAX_VALUE)).longValue();
        }
        return Long.MAX_VALUE;
    }

    @Override
    public String spaceName() {
        return spaceName;
    }

    @Override
    public int addressBits() {
        return addressBits;
    }

    @Override
    public String contextLabel() {
        return contextLabel;
    }

    @Override
    public long start() {
        return start;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public void read(long address, byte[] dst, int off, int len) {
        MemoryByte[] bytes;
        try {
            int unit = Math.max(1, block.getAddressableSize());
            long units = (len + unit - 1) / unit;
            bytes = block.getBytesFromAddress(new BigInteger(Long.toUnsignedString(address)), units);
        } catch (DebugException e) {
            throw new UnreadableMemoryException(e.getStatus().getMessage(), e);
        }
        for (int i = 0; i < len; i++) {
            if (i >= bytes.length || !bytes[i].isReadable()) {
                throw new UnreadableMemoryException(spaceName + " byte " + formatAddress(address + i) + " is not readable", null);
            }
            dst[off + i] = bytes[i].getValue();
        }
    }

    /** Constant: the block's debugger caches per stop, and the renderings reload at every suspend. */
    @Override
    public long version() {
        return 0;
    }
}
