package org.gpumem.debug.core.expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import org.gpumem.dwarf.types.DwarfType;

/**
 * The value of an expression (or of a part of one) in one lane at one stop: its DWARF-derived
 * type, and where it lives when it is an lvalue: in memory ({@link Memory}: a space of the
 * engine's target and an offset, as the lane evaluated in sees it), or in a PTX register. Its
 * bytes (little-endian) are those read at that stop; a value is not updated when the kernel
 * moves. Values print as cuda-gdb prints them ({@link #format()}).
 */
public final class ExpressionValue {
    /**
     * Where an lvalue lives: {@code offset} in the address space named {@code space} of the
     * target (generic pointers' targets stay generic: the model's resolver takes them through
     * its windows when they are read).
     */
    public record Memory(String space, long offset) {
        @Override
        public String toString() {
            return space + " 0x" + Long.toHexString(offset);
        }
    }

    private final DwarfType type;
    private final Memory memory;
    private final String register;
    private final byte[] bytes;
    private final String unavailable;
    private final boolean typeless;

    private ExpressionValue(DwarfType type, Memory memory, String register, byte[] bytes, String unavailable,
            boolean typeless) {
        this.type = type;
        this.memory = memory;
        this.register = register;
        this.bytes = bytes;
        this.unavailable = unavailable;
        this.typeless = typeless;
    }

    /** A computed value (an rvalue): {@code bytes} little-endian, as many as the type's size. */
    public static ExpressionValue of(DwarfType type, byte[] bytes) {
        return new ExpressionValue(type, null, null, bytes.clone(), null, false);
    }

    /** An lvalue in memory; {@code bytes} are its contents when already read, else null. */
    public static ExpressionValue inMemory(DwarfType type, Memory memory, byte[] bytes) {
        return new ExpressionValue(type, memory, null, bytes == null ? null : bytes.clone(), null, false);
    }

    /** A value held by PTX register {@code register} ({@code %r5}). */
    public static ExpressionValue inRegister(DwarfType type, String register, byte[] bytes) {
        return new ExpressionValue(type, null, register, bytes.clone(), null, false);
    }

    /** A variable whose value cannot be had here ({@code why}: optimized out, not live here...). */
    public static ExpressionValue unavailable(DwarfType type, Memory memory, String why) {
        return new ExpressionValue(type, memory, null, null, why, false);
    }

    /**
     * A symbol of the module without debug information (a {@code -lineinfo} build): its place
     * and size are known, its type is not; a cast gives it one.
     */
    public static ExpressionValue symbol(Memory memory, long size) {
        return new ExpressionValue(new DwarfType.Opaque("<data variable, no debug info>", size), memory, null, null, null,
                true);
    }

    public DwarfType type() {
        return type;
    }

    /** The type's name as cuda-gdb prints it. */
    public String typeName() {
        return type.name();
    }

    /** Where the value lives in memory, or null (a register, a computed value). */
    public Memory memory() {
        return memory;
    }

    /** The PTX register that holds the value, or null. */
    public String register() {
        return register;
    }

    /** The value's bytes, little-endian; null when not read (yet) or {@link #unavailable()}. */
    public byte[] bytes() {
        return bytes == null ? null : bytes.clone();
    }

    /** Bytes without a copy, for the evaluator and the printer. */
    byte[] raw() {
        return bytes;
    }

    /** Why the value cannot be had here, or null. */
    public String unavailable() {
        return unavailable;
    }

    /** True for a symbol without debug information. */
    public boolean isTypeless() {
        return typeless;
    }

    /** The same place and type with its bytes read. */
    ExpressionValue withBytes(byte[] read) {
        return new ExpressionValue(type, memory, register, read, unavailable, typeless);
    }

    /** The same place seen as {@code other} (a reinterpreting cast of a typeless symbol, an array decaying). */
    ExpressionValue as(DwarfType other) {
        byte[] kept = bytes != null && bytes.length >= other.byteSize() ? Arrays.copyOf(bytes, (int) other.byteSize()) : null;
        return new ExpressionValue(other, memory, register, kept, unavailable, false);
    }

    /** A member ({@code x}) or element ({@code [3]}) of a struct, union or array value, by name. */
    public record Part(String name, ExpressionValue value) {
    }

    /**
     * The members of a struct or union value, or the elements of an array value, as {@code .} and
     * {@code []} of the evaluator give them (a part that cannot be had is an unavailable value
     * saying why); empty for any other value and for one whose bytes are not read.
     */
    public List<Part> parts() {
        List<Part> parts = new ArrayList<>();
        DwarfType t = type.stripped();
        if (bytes == null || unavailable != null) {
            return parts;
        }
        if (t instanceof DwarfType.Array a && a.count() > 0) {
            for (long i = 0; i < a.count(); i++) {
                long index = i;
                parts.add(new Part("[" + i + "]", part(() -> element(a, index, 0), a.element())));
            }
        } else if (t instanceof DwarfType.Composite c) {
            for (DwarfType.Member m : c.members()) {
                parts.add(new Part(m.name() == null ? "<anonymous>" : m.name(), part(() -> member(m, 0), m.type())));
            }
        }
        return parts;
    }

    private ExpressionValue part(Supplier<ExpressionValue> read, DwarfType partType) {
        try {
            return read.get();
        } catch (ExpressionException e) {
            return unavailable(partType, null, e.detail());
        }
    }

    /** Element {@code i} of this array value ({@code pos}: where in the expression, for errors): an lvalue where the array is in memory, else its bytes. */
    ExpressionValue element(DwarfType.Array a, long i, int pos) {
        DwarfType element = a.element();
        long size = element.byteSize();
        if (size <= 0) {
            throw new ExpressionException(pos, "the elements of " + typeName() + " have no known size");
        }
        byte[] whole = bytes;
        boolean inside = i >= 0 && (a.count() < 0 || i < a.count()) && whole != null && (i + 1) * size <= whole.length;
        byte[] slice = inside ? Arrays.copyOfRange(whole, (int) (i * size), (int) ((i + 1) * size)) : null;
        if (memory != null) {
            ExpressionValue.Memory m = memory;
            return inMemory(element, new Memory(m.space(), m.offset() + i * size), slice);
        }
        if (slice == null) {
            throw new ExpressionException(pos, "index " + i + " is outside " + typeName() + ", which is not in memory");
        }
        return of(element, slice);
    }

    /**
     * Member {@code member} of this struct value: an lvalue where the struct is in memory; a bit
     * field is read out of the bytes, which must have been read ({@code pos}: where in the
     * expression, for errors).
     */
    ExpressionValue member(DwarfType.Member member, int pos) {
        if (member.bitSize() > 0) {
            if (bytes == null) {
                throw new ExpressionException(pos, "bit field '" + member.name() + "' is not read");
            }
            return bitField(bytes, member, pos);
        }
        if (member.offset() < 0) {
            throw new ExpressionException(pos, "the DWARF gives no constant offset of member '" + member.name() + "'");
        }
        long size = member.type().byteSize();
        byte[] whole = bytes;
        byte[] slice = whole != null && member.offset() + size <= whole.length
                ? Arrays.copyOfRange(whole, (int) member.offset(), (int) (member.offset() + size)) : null;
        if (memory != null) {
            return inMemory(member.type(), new Memory(memory.space(), memory.offset() + member.offset()), slice);
        }
        if (slice == null) {
            throw new ExpressionException(pos, "member '" + member.name() + "' lies outside the value's bytes");
        }
        return of(member.type(), slice);
    }

    private static ExpressionValue bitField(byte[] bytes, DwarfType.Member member, int pos) {
        if (!(member.type().stripped() instanceof DwarfType.Base || member.type().stripped() instanceof DwarfType.Enumeration)) {
            throw new ExpressionException(pos, "bit field '" + member.name() + "' is not an integer");
        }
        long bits = 0;
        for (int i = 0; i < member.bitSize(); i++) {
            long bit = member.bitOffset() + i;
            if (bit / 8 >= bytes.length) {
                throw new ExpressionException(pos, "bit field '" + member.name() + "' lies outside the value's bytes");
            }
            bits |= (long) ((bytes[(int) (bit / 8)] >> (bit % 8)) & 1) << i;
        }
        boolean signed = member.type().stripped() instanceof DwarfType.Base b ? b.isSigned()
                : ((DwarfType.Enumeration) member.type().stripped()).signed();
        if (signed && member.bitSize() < 64 && (bits >> (member.bitSize() - 1) & 1) != 0) {
            bits |= -1L << member.bitSize();
        }
        return of(member.type(), Bits.bytes(bits, (int) member.type().byteSize()));
    }

    /** The value as cuda-gdb's {@code print} shows it: {@code 5}, {@code (@shared int *) 0x10}, {@code {1, 2}}. */
    public String format() {
        return ValuePrinter.print(this);
    }

    @Override
    public String toString() {
        return format();
    }
}
