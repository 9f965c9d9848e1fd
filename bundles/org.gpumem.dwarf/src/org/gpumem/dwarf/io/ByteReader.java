package org.gpumem.dwarf.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A bounds-checked cursor over a slice of a {@link ByteBuffer}. Every read past the end of the
 * slice, and every value that cannot be represented (a LEB128 over 64 bits, a length that does
 * not fit), throws {@link InputFormatException} naming the file, section and offset.
 * <p>
 * Offsets are relative to the start of the section named in error messages: a sub-reader keeps
 * the section offset of its first byte as {@link #base()} so that its errors still point into the
 * section. The reader never copies the underlying bytes except where a method returns a copy
 * ({@link #bytes(int)}, {@link #cstring()}).
 */
public final class ByteReader {
    private final ByteBuffer buf;
    private final String file;
    private final String section;
    private final long base;
    private int pos;

    /** A reader over all of {@code data} (position to limit), offsets starting at 0. */
    public ByteReader(String file, String section, ByteBuffer data) {
        this(file, section, data.slice().order(data.order()), 0);
    }

    /**
     * A reader over all of {@code data} (position to limit) whose first byte is at offset
     * {@code base} of the section (or file) its errors name.
     */
    public static ByteReader withBase(String file, String section, ByteBuffer data, long base) {
        return new ByteReader(file, section, data.slice().order(data.order()), base);
    }

    private ByteReader(String file, String section, ByteBuffer slice, long base) {
        this.buf = slice;
        this.file = file;
        this.section = section;
        this.base = base;
    }

    public String file() {
        return file;
    }

    public String section() {
        return section;
    }

    /** Section offset of this reader's first byte. */
    public long base() {
        return base;
    }

    /** Current position relative to this reader's first byte. */
    public int position() {
        return pos;
    }

    /** Current position as an offset in the section (base + position). */
    public long offset() {
        return base + pos;
    }

    public int size() {
        return buf.limit();
    }

    public int remaining() {
        return buf.limit() - pos;
    }

    public boolean hasRemaining() {
        return pos < buf.limit();
    }

    public ByteOrder order() {
        return buf.order();
    }

    /** Sets the byte order of later reads (e.g. after reading an ELF identification). */
    public ByteReader order(ByteOrder order) {
        buf.order(order);
        return this;
    }

    /** The underlying slice (shared, not copied); index 0 is this reader's first byte. */
    public ByteBuffer buffer() {
        return buf;
    }

    public ByteReader seek(long position) {
        if (position < 0 || position > buf.limit()) {
            throw fail(position, "offset 0x" + Long.toHexString(base + position) + " outside " + describe());
        }
        pos = (int) position;
        return this;
    }

    public ByteReader skip(long count) {
        need(count);
        pos += (int) count;
        return this;
    }

    private String describe() {
        return (section != null ? section : "file") + " (size 0x" + Long.toHexString(base + buf.limit()) + ")";
    }

    private void need(long count) {
        if (count < 0 || count > buf.limit() - pos) {
            throw fail(pos, count < 0 ? "negative length " + count
                    : "need " + count + " bytes, " + (buf.limit() - pos) + " left in " + describe());
        }
    }

    public int u8() {
        need(1);
        return buf.get(pos++) & 0xff;
    }

    public byte s8() {
        need(1);
        return buf.get(pos++);
    }

    public int u16() {
        need(2);
        int v = buf.getShort(pos) & 0xffff;
        pos += 2;
        return v;
    }

    public long u32() {
        need(4);
        long v = buf.getInt(pos) & 0xffffffffL;
        pos += 4;
        return v;
    }

    public int s32() {
        need(4);
        int v = buf.getInt(pos);
        pos += 4;
        return v;
    }

    public long u24() {
        need(3);
        int b0 = buf.get(pos) & 0xff, b1 = buf.get(pos + 1) & 0xff, b2 = buf.get(pos + 2) & 0xff;
        pos += 3;
        return buf.order() == ByteOrder.LITTLE_ENDIAN ? b0 | b1 << 8 | b2 << 16 : b2 | b1 << 8 | b0 << 16;
    }

    public long u64() {
        need(8);
        long v = buf.getLong(pos);
        pos += 8;
        return v;
    }

    /** An unsigned value of 1, 2, 3, 4 or 8 bytes (addresses, offsets, DW_FORM_strx3...). */
    public long unsigned(int size) {
        switch (size) {
            case 1: return u8();
            case 2: return u16();
            case 3: return u24();
            case 4: return u32();
            case 8: return u64();
            default: throw fail(pos, "unsupported value size " + size);
        }
    }

    /** A signed value of 1, 2, 4 or 8 bytes. */
    public long signed(int size) {
        switch (size) {
            case 1: return s8();
            case 2: { long v = (short) u16(); return v; }
            case 4: return s32();
            case 8: return u64();
            default: throw fail(pos, "unsupported value size " + size);
        }
    }

    public long uleb() {
        long result = 0;
        int shift = 0;
        int start = pos;
        while (true) {
            if (pos >= buf.limit()) {
                throw fail(start, "truncated LEB128 in " + describe());
            }
            int b = buf.get(pos++);
            if (shift < 64) {
                long bits = b & 0x7f;
                if (shift == 63 && bits > 1) {
                    throw fail(start, "LEB128 value exceeds 64 bits");
                }
                result |= bits << shift;
            } else if ((b & 0x7f) != 0) {
                throw fail(start, "LEB128 value exceeds 64 bits");
            }
            shift += 7;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
    }

    public long sleb() {
        long result = 0;
        int shift = 0;
        int start = pos;
        int b;
        do {
            if (pos >= buf.limit()) {
                throw fail(start, "truncated LEB128 in " + describe());
            }
            b = buf.get(pos++);
            if (shift < 64) {
                result |= (long) (b & 0x7f) << shift;
            }
            shift += 7;
        } while ((b & 0x80) != 0);
        if (shift < 64 && (b & 0x40) != 0) {
            result |= -1L << shift;
        }
        return result;
    }

    /** A ULEB128 that must fit a non-negative int (a count, a register number, a length). */
    public int ulebInt() {
        int start = pos;
        long v = uleb();
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw fail(start, "value " + Long.toUnsignedString(v) + " too large");
        }
        return (int) v;
    }

    public void skipUleb() {
        int start = pos;
        while (true) {
            if (pos >= buf.limit()) {
                throw fail(start, "truncated LEB128 in " + describe());
            }
            if ((buf.get(pos++) & 0x80) == 0) {
                return;
            }
        }
    }

    /** A NUL-terminated UTF-8 string; the cursor moves past the NUL. */
    public String cstring() {
        int end = findNul(pos);
        String s = decode(pos, end);
        pos = end + 1;
        return s;
    }

    /** Skips a NUL-terminated string. */
    public void skipCstring() {
        pos = findNul(pos) + 1;
    }

    /** The NUL-terminated string at {@code position} without moving the cursor. */
    public String cstringAt(long position) {
        if (position < 0 || position >= buf.limit()) {
            throw fail(pos, "string offset 0x" + Long.toHexString(position) + " outside " + describe());
        }
        int p = (int) position;
        return decode(p, findNul(p));
    }

    private int findNul(int from) {
        int limit = buf.limit();
        for (int i = from; i < limit; i++) {
            if (buf.get(i) == 0) {
                return i;
            }
        }
        throw fail(from, "unterminated string in " + describe());
    }

    private String decode(int from, int to) {
        boolean ascii = true;
        for (int i = from; i < to; i++) {
            if (buf.get(i) < 0) {
                ascii = false;
                break;
            }
        }
        byte[] b = new byte[to - from];
        buf.get(from, b);
        return new String(b, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
    }

    /** A copy of the next {@code count} bytes. */
    public byte[] bytes(long count) {
        need(count);
        byte[] b = new byte[(int) count];
        buf.get(pos, b);
        pos += (int) count;
        return b;
    }

    /** The next {@code count} bytes as a shared slice (no copy), in this reader's byte order. */
    public ByteBuffer slice(long count) {
        need(count);
        ByteBuffer s = buf.slice(pos, (int) count).order(buf.order());
        pos += (int) count;
        return s;
    }

    /** A reader over the next {@code count} bytes; this cursor moves past them. */
    public ByteReader sub(long count) {
        need(count);
        ByteReader r = new ByteReader(file, section, buf.slice(pos, (int) count).order(buf.order()), base + pos);
        pos += (int) count;
        return r;
    }

    /** A reader over {@code [position, position+count)} of this reader; this cursor does not move. */
    public ByteReader subAt(long position, long count) {
        if (position < 0 || position > buf.limit() || count < 0 || count > buf.limit() - position) {
            throw fail(pos, "range 0x" + Long.toHexString(base + position) + "+0x" + Long.toHexString(count)
                    + " outside " + describe());
        }
        return new ByteReader(file, section, buf.slice((int) position, (int) count).order(buf.order()), base + position);
    }

    /** An independent reader over the same bytes, positioned at {@code position}. */
    public ByteReader at(long position) {
        ByteReader r = new ByteReader(file, section, buf.duplicate().order(buf.order()), base);
        return r.seek(position);
    }

    /** An exception at the current position. */
    public InputFormatException fail(String problem) {
        return fail(pos, problem);
    }

    /** An exception at {@code position} (relative to this reader). */
    public InputFormatException fail(long position, String problem) {
        return new InputFormatException(file, section, base + position, problem);
    }
}
