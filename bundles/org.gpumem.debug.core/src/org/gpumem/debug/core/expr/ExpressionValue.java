package org.gpumem.debug.core.expr;

import java.util.Arrays;

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

    /** The value as cuda-gdb's {@code print} shows it: {@code 5}, {@code (@shared int *) 0x10}, {@code {1, 2}}. */
    public String format() {
        return ValuePrinter.print(this);
    }

    @Override
    public String toString() {
        return format();
    }
}
