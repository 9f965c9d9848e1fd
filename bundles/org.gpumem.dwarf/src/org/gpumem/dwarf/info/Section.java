package org.gpumem.dwarf.info;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;

import org.gpumem.dwarf.info.DebugSections.Relocation;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * One debug section with its relocations applied. Sections without relocations are not copied.
 * The relocations stay available by offset, so that output can say which symbol an address
 * came from, and whether the symbol was placed by the layout ({@link #symbolicAt}).
 */
public final class Section {
    private final String file;
    private final String name;
    private final ByteBuffer data;
    private final long[] relocOffsets;
    private final Relocation[] relocs;
    private final boolean[] resolved;

    Section(String file, String name, ByteBuffer raw, ByteOrder order, List<Relocation> relocations, SymbolLayout layout,
            java.util.Set<String> sectionNames, long address) {
        this.file = file;
        this.name = name;
        Relocation[] rs = relocations.toArray(new Relocation[0]);
        Arrays.sort(rs, Comparator.comparingLong(Relocation::offset));
        this.relocs = rs;
        this.relocOffsets = new long[rs.length];
        this.resolved = new boolean[rs.length];
        if (rs.length == 0) {
            this.data = raw.slice().order(order);
            return;
        }
        ByteBuffer copy = ByteBuffer.allocate(raw.remaining()).order(order);
        copy.put(raw.duplicate());
        copy.clear();
        for (int i = 0; i < rs.length; i++) {
            Relocation r = rs[i];
            relocOffsets[i] = r.offset();
            if (r.offset() < 0 || r.offset() > copy.limit() - (long) r.size()) {
                throw new InputFormatException(file, name, Math.max(0, Math.min(r.offset(), copy.limit())), "relocation of " + r.size()
                        + " bytes against " + r.symbol() + " outside the section (size 0x" + Integer.toHexString(copy.limit()) + ")");
            }
            long value;
            if (r.symbol().isEmpty() || sectionNames.contains(r.symbol())) {
                value = r.addend();
                resolved[i] = true;
            } else {
                OptionalLong v = layout.valueOf(r.symbol());
                resolved[i] = v.isPresent();
                value = v.orElse(0) + r.addend();
            }
            if (r.pcRelative()) {
                value -= address + r.offset();
            }
            put(copy, (int) r.offset(), r.size(), value);
        }
        this.data = copy;
    }

    private static void put(ByteBuffer b, int at, int size, long value) {
        switch (size) {
            case 1 -> b.put(at, (byte) value);
            case 2 -> b.putShort(at, (short) value);
            case 4 -> b.putInt(at, (int) value);
            case 8 -> b.putLong(at, value);
            default -> {
                boolean le = b.order() == ByteOrder.LITTLE_ENDIAN;
                for (int i = 0; i < size; i++) {
                    b.put(at + (le ? i : size - 1 - i), (byte) (value >>> (8 * i)));
                }
            }
        }
    }

    public String name() {
        return name;
    }

    public String file() {
        return file;
    }

    public int size() {
        return data.limit();
    }

    /** The relocated bytes (a shared view; do not modify). */
    public ByteBuffer data() {
        return data.duplicate().order(data.order());
    }

    public ByteReader reader() {
        return new ByteReader(file, name, data.duplicate().order(data.order()));
    }

    public ByteReader reader(long offset) {
        return reader().seek(offset);
    }

    /** The relocation patching the bytes at {@code offset}, or null. */
    public Relocation relocationAt(long offset) {
        int i = Arrays.binarySearch(relocOffsets, offset);
        return i >= 0 ? relocs[i] : null;
    }

    /** Whether the value at {@code offset} came from a relocation the layout could not resolve. */
    public boolean symbolicAt(long offset) {
        int i = Arrays.binarySearch(relocOffsets, offset);
        return i >= 0 && !resolved[i];
    }

    /** The relocations patching bytes in {@code [from, to)}, in offset order. */
    public List<Relocation> relocationsIn(long from, long to) {
        int i = Arrays.binarySearch(relocOffsets, from);
        if (i < 0) {
            i = -i - 1;
        }
        List<Relocation> out = new java.util.ArrayList<>();
        for (; i < relocs.length && relocOffsets[i] < to; i++) {
            out.add(relocs[i]);
        }
        return out;
    }

    public int relocationCount() {
        return relocs.length;
    }
}
