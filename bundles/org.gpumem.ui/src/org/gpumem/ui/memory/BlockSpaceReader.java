package org.gpumem.ui.memory;

import java.math.BigInteger;

import org.eclipse.debug.core.DebugException;
import org.eclipse.debug.core.model.IMemoryBlockExtension;
import org.eclipse.debug.core.model.MemoryByte;

/**
 * Any debugger's {@link IMemoryBlockExtension} as the default address space; bytes the block
 * marks unreadable come back as an error for the whole read.
 */
public final class BlockSpaceReader implements SpaceReader {

    private final IMemoryBlockExtension block;
    private final String spaceName;
    private final String contextLabel;

    public BlockSpaceReader(IMemoryBlockExtension block, String spaceName, String contextLabel) {
        this.block = block;
        this.spaceName = spaceName;
        this.contextLabel = contextLabel;
    }

    @Override
    public String spaceName() {
        return spaceName;
    }

    @Override
    public int addressBits() {
        try {
            int size = block.getAddressSize();
            return size > 0 ? size * 8 : 64;
        } catch (DebugException e) {
            return 64;
        }
    }

    @Override
    public String contextLabel() {
        return contextLabel;
    }

    @Override
    public long start() {
        try {
            BigInteger start = block.getMemoryBlockStartAddress();
            return start == null ? 0 : start.longValue();
        } catch (DebugException e) {
            return 0;
        }
    }

    @Override
    public long length() {
        try {
            BigInteger start = block.getMemoryBlockStartAddress();
            BigInteger end = block.getMemoryBlockEndAddress();
            if (start != null && end != null && end.compareTo(start) >= 0) {
                return end.subtract(start).add(BigInteger.ONE).min(BigInteger.valueOf(Long.MAX_VALUE)).longValue();
            }
            BigInteger size = block.getBigLength();
            if (size != null && size.signum() > 0) {
                return size.min(BigInteger.valueOf(Long.MAX_VALUE)).longValue();
            }
        } catch (DebugException e) {
            return 0;
        }
        return Long.MAX_VALUE;
    }

    @Override
    public void read(long address, byte[] dst, int off, int len) {
        try {
            int unit = Math.max(1, block.getAddressableSize());
            long units = (len + unit - 1) / unit;
            MemoryByte[] bytes = block.getBytesFromAddress(new BigInteger(Long.toUnsignedString(address)), units);
            for (int i = 0; i < len; i++) {
                if (i >= bytes.length || !bytes[i].isReadable()) {
                    throw new IllegalStateException(spaceName + " byte " + formatAddress(address + i) + " is not readable");
                }
                dst[off + i] = bytes[i].getValue();
            }
        } catch (DebugException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** Constant: the block's debugger caches per stop, and the renderings reload at every suspend. */
    @Override
    public long version() {
        return 0;
    }
}
