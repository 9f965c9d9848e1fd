package org.gpumem.dwarf.expr;

import org.gpumem.dwarf.elf.ElfFile;

/**
 * Names of DWARF register numbers for printing and for register locations. A naming either
 * annotates the number ({@code DW_OP_regx 0x25726431 ("%rd1")}, for PTX, whose numbers are the
 * names) or, as llvm-dwarfdump does for real targets, replaces it ({@code DW_OP_regx SGPR33},
 * {@code DW_OP_breg7 RSP+8}): see {@link #replacesNumber()}.
 */
@FunctionalInterface
public interface RegisterNames {
    /** The register's name, or null when there is none. */
    String name(long dwarfRegister);

    /** Whether printing puts the name in place of the register number, as llvm-dwarfdump does. */
    default boolean replacesNumber() {
        return false;
    }

    RegisterNames NONE = reg -> null;

    /**
     * nvcc writes PTX virtual registers as their ASCII name packed big-end first into the
     * register number: 0x25726431 is "%rd1".
     */
    RegisterNames PTX = reg -> {
        if (reg <= 0) {
            return null;
        }
        StringBuilder name = new StringBuilder(8);
        for (int shift = 56; shift >= 0; shift -= 8) {
            int c = (int) (reg >>> shift) & 0xff;
            if (c == 0 && name.length() == 0) {
                continue;
            }
            if (c < 0x21 || c > 0x7e) {
                return null;
            }
            name.append((char) c);
        }
        return name.length() > 1 && name.charAt(0) == '%' ? name.toString() : null;
    };

    /**
     * AMDGPU registers as llvm-dwarfdump 22 names them (measured on gfx90a and gfx1100 objects:
     * it uses the wave64 numbering for both, so wave32 VGPR numbers 1536-2047 stay unnamed).
     */
    RegisterNames AMDGPU = new LlvmRegisterNames(new Object[][] {
        {1L, 1L, "EXEC_LO", 0}, {16L, 16L, "PC_REG", 0}, {17L, 17L, "EXEC", 0},
        {32L, 95L, "SGPR", 0}, {1088L, 1129L, "SGPR", 64}, {2560L, 3071L, "VGPR", 0}, {3072L, 3327L, "AGPR", 0},
    });

    /** x86-64 registers as llvm-dwarfdump 22 names them (System V DWARF numbering). */
    RegisterNames X86_64 = new LlvmRegisterNames(new Object[][] {
        {0L, 0L, "RAX", 0}, {1L, 1L, "RDX", 0}, {2L, 2L, "RCX", 0}, {3L, 3L, "RBX", 0}, {4L, 4L, "RSI", 0},
        {5L, 5L, "RDI", 0}, {6L, 6L, "RBP", 0}, {7L, 7L, "RSP", 0}, {8L, 15L, "R", 8}, {16L, 16L, "RIP", 0},
        {17L, 32L, "XMM", 0}, {33L, 40L, "ST", 0}, {41L, 48L, "MM", 0}, {49L, 49L, "RFLAGS", 0},
        {50L, 50L, "ES", 0}, {51L, 51L, "CS", 0}, {52L, 52L, "SS", 0}, {53L, 53L, "DS", 0}, {54L, 54L, "FS", 0},
        {55L, 55L, "GS", 0}, {58L, 58L, "FS_BASE", 0}, {59L, 59L, "GS_BASE", 0}, {67L, 82L, "XMM", 16},
        {118L, 125L, "K", 0}, {130L, 145L, "R", 16},
    });

    /** The naming for an ELF e_machine (EM_CUDA: PTX names; EM_AMDGPU; EM_X86_64), else {@link #NONE}. */
    static RegisterNames forMachine(int elfMachine) {
        switch (elfMachine) {
            case ElfFile.EM_CUDA: return PTX;
            case ElfFile.EM_AMDGPU: return AMDGPU;
            case ElfFile.EM_X86_64: return X86_64;
            default: return NONE;
        }
    }

    /** Ranges of numbers named by a prefix and an index, printed in llvm-dwarfdump's style. */
    final class LlvmRegisterNames implements RegisterNames {
        private final long[] first;
        private final long[] last;
        private final String[] prefix;
        private final int[] base;

        /** Rows of {first number, last number, name or prefix, index of the first (0 = plain name when first == last)}. */
        LlvmRegisterNames(Object[][] rows) {
            first = new long[rows.length];
            last = new long[rows.length];
            prefix = new String[rows.length];
            base = new int[rows.length];
            for (int i = 0; i < rows.length; i++) {
                first[i] = (Long) rows[i][0];
                last[i] = (Long) rows[i][1];
                prefix[i] = (String) rows[i][2];
                base[i] = (Integer) rows[i][3];
            }
        }

        @Override
        public String name(long reg) {
            for (int i = 0; i < first.length; i++) {
                if (reg >= first[i] && reg <= last[i]) {
                    return first[i] == last[i] && base[i] == 0 ? prefix[i] : prefix[i] + (base[i] + reg - first[i]);
                }
            }
            return null;
        }

        @Override
        public boolean replacesNumber() {
            return true;
        }
    }
}
