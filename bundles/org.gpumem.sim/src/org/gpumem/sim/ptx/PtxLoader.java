package org.gpumem.sim.ptx;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.sim.ScalarType;

/**
 * Loads PTX text into a {@link PtxModule}: parses directives, declarations and instructions,
 * decodes every instruction into the interpreter's form, resolves labels and calls, computes
 * reconvergence points, and lays out local, param and shared memory. Anything the simulator
 * cannot execute is rejected here with file:line and the opcode, never at run time.
 */
public final class PtxLoader {
    /** Largest PTX text accepted (characters). */
    public static final long MAX_TEXT = 256L * 1024 * 1024;
    /** Most registers one function may declare (each costs 256 bytes per warp). */
    public static final int MAX_REGISTERS = 1 << 16;
    /** Largest variable accepted (bytes). */
    static final long MAX_VARIABLE = 1L << 31;

    private PtxLoader() {
    }

    /** Loads a PTX file (UTF-8 or ASCII text). */
    public static PtxModule load(Path file) throws IOException, PtxException {
        InputFiles.requireReadableFile(file, "PTX text");
        long size = Files.size(file);
        if (size > MAX_TEXT) {
            throw new PtxException(file.toString(), 1, null, "PTX file too large: " + size + " bytes");
        }
        return load(file.toString(), new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    }

    /**
     * Loads PTX text; {@code name} is used in messages. The text ends at its first NUL, as the
     * CUDA driver reads it: PTX embedded in a fatbin is NUL-terminated and padded, and so is
     * what {@code gpumem images --extract} writes of it.
     */
    public static PtxModule load(String name, String text) throws PtxException {
        if (text.length() > MAX_TEXT) {
            throw new PtxException(name, 1, null, "PTX text too large: " + text.length() + " characters");
        }
        return new ModuleParser(name, toNul(text)).parseModule();
    }

    /** The text up to its first NUL: how the CUDA driver reads PTX. */
    private static String toNul(String text) {
        int nul = text.indexOf('\0');
        return nul < 0 ? text : text.substring(0, nul);
    }

    /**
     * Links the PTX of several translation units (nvcc -rdc=true) into one module, as
     * {@link PtxLinker} describes; {@code name} names the module, {@code names} the units in
     * messages about their text.
     */
    public static PtxModule link(String name, List<String> names, List<String> texts) throws PtxException {
        long total = 0;
        for (String t : texts) {
            total += t.length();
        }
        if (total > MAX_TEXT) {
            throw new PtxException(name, 1, null, "PTX text too large: " + total + " characters");
        }
        // each unit ends at its own NUL: joined first, the first unit's would end them all
        return load(name, PtxLinker.link(names, texts.stream().map(PtxLoader::toNul).toList()));
    }

    // ---------------------------------------------------------------- numbers

    /** Parses a PTX integer literal (decimal, 0x hex, 0b binary, 0 octal, optional U suffix). */
    static Long parseInteger(String w) {
        String s = w;
        if (s.endsWith("U") || s.endsWith("u")) {
            s = s.substring(0, s.length() - 1);
        }
        try {
            if (s.startsWith("0x") || s.startsWith("0X")) {
                return Long.parseUnsignedLong(s.substring(2), 16);
            }
            if (s.startsWith("0b") || s.startsWith("0B")) {
                return Long.parseUnsignedLong(s.substring(2), 2);
            }
            if (s.length() > 1 && s.startsWith("0") && s.chars().allMatch(Character::isDigit)) {
                return Long.parseUnsignedLong(s.substring(1), 8);
            }
            if (s.chars().allMatch(Character::isDigit)) {
                return Long.parseUnsignedLong(s);
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return null;
    }

    /** An immediate as raw bits for an operand of type {@code type}; null if malformed. */
    static Long parseImmediate(String w, ScalarType type) {
        boolean neg = w.startsWith("-");
        String s = neg ? w.substring(1) : w;
        Long bits;
        if ((s.startsWith("0f") || s.startsWith("0F")) && s.length() == 10) {
            try {
                int f = (int) Long.parseLong(s.substring(2), 16);
                bits = type == ScalarType.F64 ? Double.doubleToRawLongBits(Float.intBitsToFloat(f)) : f & 0xFFFF_FFFFL;
            } catch (NumberFormatException e) {
                return null;
            }
        } else if ((s.startsWith("0d") || s.startsWith("0D")) && s.length() == 18) {
            try {
                long d = Long.parseUnsignedLong(s.substring(2), 16);
                bits = type == ScalarType.F32 ? Float.floatToRawIntBits((float) Double.longBitsToDouble(d)) & 0xFFFF_FFFFL
                        : d;
            } catch (NumberFormatException e) {
                return null;
            }
        } else {
            Long i = parseInteger(s);
            if (i != null) {
                if (type != null && type.isFloat()) {
                    bits = type == ScalarType.F64 ? Double.doubleToRawLongBits(i) : Float.floatToRawIntBits(i) & 0xFFFF_FFFFL;
                } else {
                    bits = i;
                }
            } else {
                try {
                    double d = Double.parseDouble(s);
                    if (type == ScalarType.F64) {
                        bits = Double.doubleToRawLongBits(d);
                    } else if (type != null && type.isFloat()) {
                        bits = Float.floatToRawIntBits((float) d) & 0xFFFF_FFFFL;
                    } else {
                        return null;
                    }
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return neg ? negate(bits, type) : bits;
    }

    static long negate(long bits, ScalarType type) {
        if (type == ScalarType.F64) {
            return bits ^ Long.MIN_VALUE;
        }
        if (type != null && type.isFloat()) {
            return bits ^ 0x8000_0000L;
        }
        return -bits;
    }
}
