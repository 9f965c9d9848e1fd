package org.gpumem.dwarf.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The frames of zstd data (RFC 8878), walked through their frame and block headers without
 * decoding anything: where each frame starts and ends, its content size when the header gives
 * one, and the most its blocks can produce (raw and RLE blocks their exact size, a compressed
 * block at most the block maximum of 128 KiB, or the window when smaller). This runs before
 * any output is allocated, so that data which cannot fill the declared size, or whose frame
 * headers say another size, is refused at the cost of reading its headers, and so that what
 * the decoder later refuses is already known to lie inside one well-formed frame. The checks
 * are those of the format, in its own terms; the limits of the decoder behind them (aircompressor:
 * no dictionaries, no skippable frames, windows up to 8 MiB) are named as such.
 */
final class ZstdFrames {
    static final int MAGIC = 0xFD2FB528;
    /** Block_Maximum_Size: no block produces more. */
    static final int MAX_BLOCK = 128 << 10;
    /** The largest window aircompressor decodes compressed blocks with. */
    static final long MAX_WINDOW = 8 << 20;
    private static final int MIN_WINDOW_LOG = 10;

    /**
     * One frame: bytes {@code [start, end)} of the stored data (checksum included), the content
     * size its header states or -1, and the most its blocks can produce.
     */
    record Frame(int start, int end, long contentSize, long maxOutput) {
    }

    private ZstdFrames() {
    }

    /**
     * The frames of {@code stored}, all of it, checked against {@code declared}: every frame's
     * header and block headers must be complete and valid, the content sizes the frames state
     * must not add up to more than {@code declared} (nor, when every frame states one, to less),
     * and the blocks must be able to produce {@code declared} bytes.
     *
     * @throws InputFormatException at the header, block or frame that breaks one of these rules
     */
    static List<Frame> walk(ByteReader stored, long declared, String what) {
        ByteBuffer b = stored.buffer().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int n = b.limit();
        if (n == 0) {
            throw stored.fail(0, what + ": no zstd frame (the stored data is empty)");
        }
        List<Frame> frames = new ArrayList<>();
        long stated = 0;
        boolean allStated = true;
        long most = 0;
        int p = 0;
        while (p < n) {
            int start = p;
            String frame = "zstd frame " + (frames.size() + 1) + " at +0x" + Integer.toHexString(start);
            need(stored, b, p, 5, what, frame + ": the frame header");
            int magic = b.getInt(p);
            if (magic != MAGIC) {
                throw stored.fail(p, what + ": " + frame + " starts with 0x" + Integer.toHexString(magic)
                        + (frames.isEmpty() ? "" : " after the end of the frame before it")
                        + ", not the zstd magic number 0xfd2fb528");
            }
            p += 4;
            int descriptor = b.get(p) & 0xff;
            boolean singleSegment = (descriptor & 0x20) != 0;
            boolean checksum = (descriptor & 0x04) != 0;
            int dictionaryBytes = (descriptor & 3) == 0 ? 0 : 1 << ((descriptor & 3) - 1);
            int sizeFlag = descriptor >>> 6;
            int sizeBytes = sizeFlag == 0 ? (singleSegment ? 1 : 0) : 1 << sizeFlag;
            need(stored, b, p, 1 + (singleSegment ? 0 : 1) + dictionaryBytes + sizeBytes, what, frame + ": the frame header");
            p++;
            long window = -1;
            if (!singleSegment) {
                int w = b.get(p++) & 0xff;
                long base = 1L << (MIN_WINDOW_LOG + (w >>> 3));
                window = base + (base / 8) * (w & 7);
            }
            long dictionary = 0;
            for (int i = 0; i < dictionaryBytes; i++) {
                dictionary |= (long) (b.get(p++) & 0xff) << (8 * i);
            }
            if (dictionary != 0) {
                throw stored.fail(start + 4, what + ": " + frame + " needs zstd dictionary " + dictionary
                        + ", and gpumem has no dictionaries");
            }
            long contentSize = -1;
            if (sizeBytes > 0) {
                contentSize = 0;
                for (int i = 0; i < sizeBytes; i++) {
                    contentSize |= (long) (b.get(p++) & 0xff) << (8 * i);
                }
                if (sizeBytes == 2) {
                    contentSize += 256;
                }
                if (contentSize < 0 || contentSize > declared - stated) {
                    throw stored.fail(start + 4, what + ": " + frame + " states " + Long.toUnsignedString(contentSize)
                            + " bytes of content" + (stated > 0 ? ", after " + stated + " in the frames before it," : "")
                            + " more than the declared " + declared + " bytes");
                }
            }
            long blockMax = Math.min(MAX_BLOCK, singleSegment ? contentSize : window);
            long frameMost = 0;
            boolean compressed = false;
            boolean last;
            int blocks = 0;
            do {
                need(stored, b, p, 3, what, frame + ", block " + (blocks + 1) + ": the block header");
                int header = (b.get(p) & 0xff) | (b.get(p + 1) & 0xff) << 8 | (b.get(p + 2) & 0xff) << 16;
                last = (header & 1) != 0;
                int type = (header >>> 1) & 3;
                int size = header >>> 3;
                String block = frame + ", block " + (blocks + 1) + " at +0x" + Integer.toHexString(p);
                if (type == 3) {
                    throw stored.fail(p, what + ": " + block + " has the reserved block type 3");
                }
                if (size > MAX_BLOCK) {
                    throw stored.fail(p, what + ": " + block + " has " + size + " bytes, over the zstd block maximum of "
                            + MAX_BLOCK);
                }
                p += 3;
                int storedBytes = type == 1 ? 1 : size;
                need(stored, b, p, storedBytes, what, block + ": the block's data");
                p += storedBytes;
                if (type == 2) {
                    compressed = true;
                    frameMost += blockMax;
                } else {
                    frameMost += size;
                }
                blocks++;
            } while (!last);
            if (checksum) {
                need(stored, b, p, 4, what, frame + ": the checksum");
                p += 4;
            }
            if (compressed && !singleSegment && window > MAX_WINDOW) {
                throw stored.fail(start + 4, what + ": " + frame + " needs a window of " + window
                        + " bytes; gpumem decodes zstd frames with windows up to " + MAX_WINDOW + " bytes");
            }
            if (contentSize >= 0 && frameMost < contentSize) {
                throw stored.fail(start + 4, what + ": " + frame + " states " + contentSize + " bytes of content, but its "
                        + blocks + " blocks hold at most " + frameMost);
            }
            long frameOutput = contentSize >= 0 ? contentSize : frameMost;
            frames.add(new Frame(start, p, contentSize, frameOutput));
            most += frameOutput;
            if (contentSize >= 0) {
                stated += contentSize;
            } else {
                allStated = false;
            }
        }
        if (allStated && stated != declared) {
            throw stored.fail(0, what + ": zstd data ends after " + stated + " of the declared " + declared
                    + " bytes (by its frame headers)");
        }
        if (most < declared) {
            throw stored.fail(0, what + ": zstd data ends after at most " + most + " of the declared " + declared
                    + " bytes (by its block headers)");
        }
        return frames;
    }

    private static void need(ByteReader stored, ByteBuffer b, int p, int count, String what, String part) {
        if (count > b.limit() - p) {
            throw stored.fail(p, what + ": " + part + " needs " + count + " bytes, the stored data ends after " + (b.limit() - p));
        }
    }
}
