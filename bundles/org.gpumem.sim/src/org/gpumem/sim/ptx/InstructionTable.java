package org.gpumem.sim.ptx;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.gpumem.sim.ScalarType;

/**
 * The instruction types the PTX ISA allows, per instruction: the one table the loader checks an
 * instruction's type suffix against before it is decoded, so no invalid form ({@code shr.f64},
 * {@code popc.f64}, {@code fma.rn.u64}) reaches an execution engine. Instructions with their own
 * type structure (ld/st, cvt, set, setp, mov, atom, ...) are checked by their decoders.
 */
final class InstructionTable {
    private InstructionTable() {
    }

    private static final Set<ScalarType> B = EnumSet.of(ScalarType.B16, ScalarType.B32, ScalarType.B64);
    private static final Set<ScalarType> U = EnumSet.of(ScalarType.U16, ScalarType.U32, ScalarType.U64);
    private static final Set<ScalarType> S = EnumSet.of(ScalarType.S16, ScalarType.S32, ScalarType.S64);
    private static final Set<ScalarType> F = EnumSet.of(ScalarType.F32, ScalarType.F64);
    private static final Set<ScalarType> H = EnumSet.of(ScalarType.F16, ScalarType.F16X2, ScalarType.BF16,
            ScalarType.BF16X2);

    @SafeVarargs
    private static Set<ScalarType> of(Set<ScalarType>... sets) {
        Set<ScalarType> r = EnumSet.noneOf(ScalarType.class);
        for (Set<ScalarType> s : sets) {
            r.addAll(s);
        }
        return r;
    }

    private static Set<ScalarType> of(ScalarType... types) {
        return EnumSet.copyOf(java.util.List.of(types));
    }

    /** The arithmetic, logic and bit instructions and their types (PTX ISA 8.x, chapter 9.7). */
    private static final Map<String, Set<ScalarType>> TYPES = Map.ofEntries(
            Map.entry("add", of(U, S, F, H)), Map.entry("sub", of(U, S, F, H)),
            Map.entry("mul", of(U, S, F, H)), Map.entry("mad", of(U, S, F)),
            Map.entry("mul24", of(ScalarType.U32, ScalarType.S32)), Map.entry("mad24", of(ScalarType.U32, ScalarType.S32)),
            Map.entry("sad", of(U, S)), Map.entry("div", of(U, S, F)), Map.entry("rem", of(U, S)),
            Map.entry("abs", of(S, F, H)), Map.entry("neg", of(S, F, H)),
            Map.entry("min", of(U, S, F, H)), Map.entry("max", of(U, S, F, H)),
            Map.entry("and", of(B, of(ScalarType.PRED))), Map.entry("or", of(B, of(ScalarType.PRED))),
            Map.entry("xor", of(B, of(ScalarType.PRED))), Map.entry("not", of(B, of(ScalarType.PRED))),
            Map.entry("cnot", B), Map.entry("shl", B), Map.entry("shr", of(B, U, S)),
            Map.entry("fma", of(F, H)), Map.entry("rcp", F), Map.entry("sqrt", F), Map.entry("rsqrt", F),
            Map.entry("sin", of(ScalarType.F32)), Map.entry("cos", of(ScalarType.F32)),
            Map.entry("lg2", of(ScalarType.F32)), // the half forms are PTX (sm_75+, bf16 sm_90); the simulator executes only .f32 of them
            Map.entry("ex2", of(ScalarType.F32, ScalarType.F16, ScalarType.F16X2, ScalarType.BF16, ScalarType.BF16X2)),
            Map.entry("tanh", of(ScalarType.F32, ScalarType.F16, ScalarType.F16X2, ScalarType.BF16, ScalarType.BF16X2)), Map.entry("copysign", F),
            Map.entry("brev", of(ScalarType.B32, ScalarType.B64)), Map.entry("popc", of(ScalarType.B32, ScalarType.B64)),
            Map.entry("clz", of(ScalarType.B32, ScalarType.B64)),
            Map.entry("bfind", of(ScalarType.U32, ScalarType.U64, ScalarType.S32, ScalarType.S64)),
            Map.entry("bfe", of(ScalarType.U32, ScalarType.U64, ScalarType.S32, ScalarType.S64)),
            Map.entry("bfi", of(ScalarType.B32, ScalarType.B64)), Map.entry("prmt", of(ScalarType.B32)),
            Map.entry("lop3", of(ScalarType.B32, ScalarType.B64)), Map.entry("testp", F),
            Map.entry("shf", of(ScalarType.B32)), Map.entry("bmsk", of(ScalarType.B32)),
            Map.entry("szext", of(ScalarType.U32, ScalarType.S32)),
            Map.entry("dp4a", of(ScalarType.U32, ScalarType.S32)), Map.entry("dp2a", of(ScalarType.U32, ScalarType.S32)),
            Map.entry("fns", of(ScalarType.B32)), Map.entry("vabsdiff4", of(ScalarType.U32, ScalarType.S32)),
            Map.entry("addc", of(ScalarType.U32, ScalarType.S32, ScalarType.U64, ScalarType.S64)),
            Map.entry("subc", of(ScalarType.U32, ScalarType.S32, ScalarType.U64, ScalarType.S64)),
            Map.entry("madc", of(ScalarType.U32, ScalarType.S32, ScalarType.U64, ScalarType.S64)));

    /** Rounding modifiers that only float types take. */
    private static final Set<String> FLOAT_ROUNDING = Set.of("rn", "rz", "rm", "rp");

    /**
     * Checks the type suffix and rounding of {@code f} against the table; instructions the table
     * does not list pass.
     */
    static void check(InstructionForm f) throws PtxException {
        Set<ScalarType> allowed = TYPES.get(f.base);
        if (allowed == null) {
            return;
        }
        if (f.type == null) {
            throw invalid(f, f.opcode + " needs a type suffix: " + names(allowed));
        }
        if (!allowed.contains(f.type)) {
            throw invalid(f, f.opcode + ": type ." + f.type.ptxName() + " is not allowed for " + f.base + ", which takes "
                    + names(allowed));
        }
        if (f.mods.contains("cc") && (f.type.isFloat() || f.type.size() < 4)) {
            throw invalid(f, f.opcode + ": .cc takes .u32, .s32, .u64 or .s64");
        }
        if (!f.type.isFloat()) {
            for (String m : f.mods) {
                if (FLOAT_ROUNDING.contains(m)) {
                    throw invalid(f, f.opcode + ": rounding ." + m + " is only allowed with a float type");
                }
            }
        }
    }

    /**
     * A form the PTX ISA does not allow is not PTX at all (ptxas refuses it too), so it fails the
     * whole load, unlike a valid instruction the simulator does not execute, which only makes the
     * kernels that reach it not runnable.
     */
    static final class InvalidInstruction extends PtxException {
        private static final long serialVersionUID = 1L;

        InvalidInstruction(PtxException e) {
            super(e.file(), e.line(), e.opcode(), e.problem());
        }
    }

    private static InvalidInstruction invalid(InstructionForm f, String msg) {
        return new InvalidInstruction(f.fail(msg));
    }

    private static String names(Set<ScalarType> types) {
        return types.stream().map(t -> "." + t.ptxName()).collect(Collectors.joining(", "));
    }
}
