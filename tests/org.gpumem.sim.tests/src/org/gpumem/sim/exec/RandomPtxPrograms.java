package org.gpumem.sim.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.exec.compile.BlockCompiler;

/**
 * Random straight-line-and-forward-branch PTX kernels for differential tests of the engines.
 * The instruction forms are candidates (opcode with modifiers, operand shape) crossed with every
 * scalar type; a form is kept only if the loader accepts it (its instruction table and decoders
 * decide what is PTX) and the simulator can run it, so the generated programs cover what the
 * loader's table allows for these opcodes. Each thread reads sixteen 64-bit inputs, runs the body
 * on integer registers %rd0-7 (b64), %r0-7 (b32), %h0-7 (b16), predicates %p0-3 and float
 * registers of one type each (%fd f64, %f f32, %fx f16x2, %bx bf16x2, %hf f16, %hb bf16), with
 * guards, forward branches that diverge, shared-memory round trips, local-memory round trips of
 * several widths, generic accesses through cvta pointers into local, shared and global memory
 * (and through a pointer that is local in some lanes and shared in others), v2/v4 accesses of
 * local, shared and global memory, shuffles, votes, atom/red of every accepted operation and
 * 32/64-bit type on shared and global words that many lanes share (now and then misaligned or
 * out of bounds), shared loads through a base register that the same straight-line run moves
 * (now and then past the window or misaligned) among arithmetic on what they load, early exits
 * and, now and then, a wild load that faults, and stores every register. When two NaNs of different payloads
 * meet, which one an operation returns depends on how the JIT ordered the operands, for either
 * engine; keeping each float register to one type keeps such a NaN a NaN of that type wherever
 * it goes (tests compare float registers up to the NaN payload), and copysign, which would move
 * a NaN's sign onto a number, is left out.
 */
final class RandomPtxPrograms {
    /** Operand shapes: which register class each operand takes, relative to the instruction type. */
    private enum Shape {
        /** d, a, b of the type. */
        BINARY,
        /** d, a, b, c of the type. */
        TERNARY,
        /** d, a of the type. */
        UNARY,
        /** d twice as wide as a and b. */
        WIDE,
        /** d and c twice as wide as a and b. */
        WIDE_TERNARY,
        /** d (b32), a of the type. */
        COUNT,
        /** d, a of the type, b a b32 shift amount. */
        SHIFT,
        /** p, a, b of the type. */
        SETP,
        /** p|q, a, b of the type, c a predicate. */
        SETP_COMBINED,
        /** d, a, b of the type, c a predicate. */
        SELP,
        /** d of the type, a of the second type. */
        CVT
    }

    /** One instruction form the loader accepted: the opcode text and its operand types. */
    record Form(String opcode, Shape shape, ScalarType type, ScalarType type2) {
    }

    /** An atomic form the loader accepted: atom or red, the operation and the type. */
    record AtomicForm(String base, String operation, ScalarType type) {
    }

    private static final ScalarType[] TYPES = {ScalarType.U16, ScalarType.U32, ScalarType.U64, ScalarType.S16,
        ScalarType.S32, ScalarType.S64, ScalarType.B16, ScalarType.B32, ScalarType.B64, ScalarType.F16, ScalarType.F16X2,
        ScalarType.BF16, ScalarType.BF16X2, ScalarType.F32, ScalarType.F64, ScalarType.PRED};
    private static final String[] COMPARISONS = {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ",
        "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};

    private static final String[] ATOMIC_OPERATIONS = {"add", "min", "max", "exch", "cas", "and", "or", "xor", "inc",
        "dec"};
    private static final ScalarType[] ATOMIC_TYPES = {ScalarType.U32, ScalarType.S32, ScalarType.B32, ScalarType.U64,
        ScalarType.S64, ScalarType.B64, ScalarType.F32, ScalarType.F64};

    private final List<Form> forms = new ArrayList<>();
    private final List<AtomicForm> atomicForms = new ArrayList<>();
    private List<List<Form>> byOpcode;
    private final SimulatedDevice probes = new SimulatedDevice("sm_90", 64L << 20, BlockCompiler.INSTANCE);

    /** The accepted forms, probed once through the loader. */
    RandomPtxPrograms() {
        String[] binary = {"add", "sub", "add.sat", "sub.sat", "mul.lo", "mul.hi", "min", "max", "and", "or", "xor", "div",
            "rem", "add.rn", "add.rz", "add.rm", "add.rp", "sub.rn", "sub.rz", "mul.rn", "mul.rz", "mul.rp", "add.ftz",
            "mul.ftz", "add.rn.sat", "mul.rn.ftz", "div.rn", "div.rz", "div.approx", "div.full", "mul24.lo",
            "mul24.hi", "min.ftz", "max.NaN", "add.cc", "sub.cc", "min.xorsign.abs", "max.NaN.xorsign.abs"};
        String[] ternary = {"mad.lo", "mad.hi", "fma.rn", "fma.rz", "fma.rm", "mad.rn", "fma.rn.sat", "fma.rn.ftz",
            "mad.hi.sat", "sad", "mad24.lo", "madc.lo", "mad.lo.cc"};
        String[] unary = {"mov", "neg", "abs", "not", "cnot", "brev", "sqrt.rn", "rcp.rn", "sqrt.approx", "rsqrt.approx",
            "ex2.approx", "sin.approx", "tanh.approx", "abs.ftz", "neg.ftz", "rcp.rz"};
        String[] rounding = {"", ".rn", ".rz", ".rni", ".rzi", ".rmi", ".rpi", ".sat", ".rzi.sat", ".rn.ftz"};
        for (ScalarType t : TYPES) {
            for (String op : binary) {
                probe(op, Shape.BINARY, t, null);
            }
            for (String op : ternary) {
                probe(op, Shape.TERNARY, t, null);
            }
            for (String op : unary) {
                probe(op, Shape.UNARY, t, null);
            }
            if (!t.isFloat()) {
                // Shapes with an integer destination or operand whatever the type: a float type here
                // would carry a float result into an integer register.
                probe("mul.wide", Shape.WIDE, t, null);
                probe("mad.wide", Shape.WIDE_TERNARY, t, null);
                probe("popc", Shape.COUNT, t, null);
                probe("clz", Shape.COUNT, t, null);
                probe("bfind", Shape.COUNT, t, null);
                probe("shl", Shape.SHIFT, t, null);
                probe("shr", Shape.SHIFT, t, null);
            }
            for (String c : COMPARISONS) {
                probe("setp." + c, Shape.SETP, t, null);
            }
            probe("setp.lt.and", Shape.SETP_COMBINED, t, null);
            probe("setp.ne.or", Shape.SETP_COMBINED, t, null);
            probe("setp.gtu.xor", Shape.SETP_COMBINED, t, null);
            probe("selp", Shape.SELP, t, null);
            for (ScalarType s : TYPES) {
                for (String r : rounding) {
                    probe("cvt" + r, Shape.CVT, t, s);
                }
            }
        }
        for (String base : new String[] {"atom", "red"}) {
            for (String op : ATOMIC_OPERATIONS) {
                for (ScalarType t : ATOMIC_TYPES) {
                    // On float words only operations that keep a NaN a NaN whatever its payload.
                    if (!t.isFloat() || op.equals("add") || op.equals("min") || op.equals("max") || op.equals("exch")) {
                        probe(new AtomicForm(base, op, t));
                    }
                }
            }
        }
    }

    List<Form> forms() {
        return forms;
    }

    List<AtomicForm> atomicForms() {
        return atomicForms;
    }

    /** The accepted forms by opcode: programs pick an opcode first, so cvt's many type pairs do not crowd out the rest. */
    private List<List<Form>> byOpcode() {
        if (byOpcode == null) {
            java.util.Map<String, List<Form>> m = new java.util.LinkedHashMap<>();
            for (Form f : forms) {
                m.computeIfAbsent(f.opcode(), k -> new ArrayList<>()).add(f);
            }
            byOpcode = new ArrayList<>(m.values());
        }
        return byOpcode;
    }

    private void probe(String opcode, Shape shape, ScalarType t, ScalarType s) {
        Form f = new Form(opcode, shape, t, s);
        Random r = new Random(0);
        String ptx = kernel(List.of(" " + instruction(f, r, false) + ";"));
        try {
            if (probes.load("probe.ptx", ptx).kernel("k").runnable()) {
                forms.add(f);
            }
        } catch (InputFormatException e) {
            // Not PTX (the loader's table refuses the type or a modifier): not a form to generate.
        }
    }

    private void probe(AtomicForm f) {
        for (String space : new String[] {"shared", "global"}) {
            String at = space.equals("shared") ? "[%as]" : "[%at]";
            String ptx = kernel(List.of(" " + atomic(f, "." + space, at, new Random(0)) + ";"));
            try {
                if (!probes.load("probe.ptx", ptx).kernel("k").runnable()) {
                    return;
                }
            } catch (InputFormatException e) {
                return;
            }
        }
        atomicForms.add(f);
    }

    /** A kernel of about {@code length} random instructions from {@code seed}. */
    String program(long seed, int length) {
        Random r = new Random(seed);
        List<String> body = new ArrayList<>();
        List<int[]> pendingLabels = new ArrayList<>(); // {label, position}
        int labels = 0;
        boolean wildLoad = r.nextInt(8) == 0;
        boolean wildGeneric = r.nextInt(8) == 0;
        boolean wildShared = r.nextInt(6) == 0;
        boolean wildLocal = r.nextInt(6) == 0;
        boolean wildAtomic = r.nextInt(6) == 0;
        boolean wildBase = r.nextInt(6) == 0;
        for (int i = 0; i < length; i++) {
            for (int k = pendingLabels.size() - 1; k >= 0; k--) {
                if (pendingLabels.get(k)[1] == i) {
                    body.add("$L" + pendingLabels.remove(k)[0] + ":");
                }
            }
            int pick = r.nextInt(100);
            if (pick < 6) {
                int label = labels++;
                pendingLabels.add(new int[] {label, i + 1 + r.nextInt(12)});
                body.add(" @" + (r.nextBoolean() ? "" : "!") + "%p" + r.nextInt(4) + " bra $L" + label + ";");
            } else if (pick < 9) {
                // the thread's stage word, now and then a neighbour's, or (once) past the shared window or misaligned
                body.add(" st.shared.b32 [%sh], %r" + r.nextInt(8) + ";");
                body.add(" ld.shared.b32 %r" + r.nextInt(8) + ", [%sh" + (r.nextBoolean() ? "+" + 4 * r.nextInt(16) : "") + "];");
                if (wildShared && r.nextInt(3) == 0) {
                    body.add(" ld.shared.b32 %r" + r.nextInt(8) + ", [%sh+" + (r.nextBoolean() ? 2 : 1 << 20) + "];");
                    wildShared = false;
                }
            } else if (pick < 10) {
                body.add(" @%p" + r.nextInt(4) + " exit;");
            } else if (pick < 11) {
                body.add(" activemask.b32 %r" + r.nextInt(8) + ";");
            } else if (pick < 13) {
                String mode = new String[] {"up", "down", "bfly", "idx"}[r.nextInt(4)];
                String dst = "%r" + r.nextInt(8) + (r.nextBoolean() ? "|%p" + r.nextInt(4) : "");
                String lane = r.nextBoolean() ? Integer.toString(r.nextInt(32)) : "%r" + r.nextInt(8);
                String clamp = mode.equals("up") ? "0" : r.nextBoolean() ? "31" : "0x101f";
                if (r.nextInt(3) == 0) {
                    // as nvcc writes it: the lane offset moved into a register first, at times under a guard
                    String moved = "%r" + r.nextInt(8);
                    body.add(" " + (r.nextInt(3) == 0 ? "@%p" + r.nextInt(4) + " " : "") + "mov.u32 " + moved + ", "
                            + r.nextInt(32) + ";");
                    lane = moved;
                }
                body.add(" shfl.sync." + mode + ".b32 " + dst + ", %r" + r.nextInt(8) + ", " + lane + ", " + clamp + ", -1;");
            } else if (pick < 14 && wildLoad) {
                body.add(" ld.global.u32 %r" + r.nextInt(8) + ", [%rd" + r.nextInt(8) + "];");
                wildLoad = false;
            } else if (pick < 17) {
                memoryRoundTrip(body, r);
                if (wildLocal && r.nextInt(3) == 0) {
                    // past the thread's local memory, after accesses through the same base register
                    body.add(" ld.local.u32 %r" + r.nextInt(8) + ", [%lp+" + (1 << 20) + "];");
                    wildLocal = false;
                }
            } else if (pick < 19) {
                vectorRoundTrip(body, r);
            } else if (pick < 20 && wildGeneric) {
                // misaligned or past the local memory: a generic access that faults
                body.add(" ld.u32 %r" + r.nextInt(8) + ", [%gl+" + (r.nextBoolean() ? 2 : 1 << 20) + "];");
                wildGeneric = false;
            } else if (pick < 23) {
                colliding(body, r, wildAtomic);
                wildAtomic = false;
            } else if (pick < 25) {
                vote(body, r);
            } else if (pick < 27) {
                divisionBySharedDivisor(body, r);
            } else if (pick < 29) {
                movedBase(body, r, wildBase);
                wildBase = false;
            } else {
                List<Form> group = byOpcode().get(r.nextInt(byOpcode().size()));
                Form f = group.get(r.nextInt(group.size()));
                String guard = r.nextInt(4) == 0 ? "@" + (r.nextBoolean() ? "" : "!") + "%p" + r.nextInt(4) + " " : "";
                body.add(" " + guard + instruction(f, r, true) + ";");
            }
        }
        for (int[] l : pendingLabels) {
            body.add("$L" + l[0] + ":");
        }
        return kernel(body);
    }

    /**
     * div or rem by a divisor moved into a register first, as nvcc divides by blockDim.x: mostly
     * the same power of two in every lane, at times one lane's differs (the mov under a guard) or
     * it is no power of two; of every integer width and signedness.
     */
    private static void divisionBySharedDivisor(List<String> body, Random r) {
        String[] cls = ACCESS_TYPES[r.nextInt(ACCESS_TYPES.length)];
        String type = cls[r.nextBoolean() ? 2 : 3];
        String divisor = cls[0] + r.nextInt(8);
        long value = r.nextInt(4) == 0 ? 1 + r.nextInt(200) : 1L << r.nextInt(Integer.parseInt(cls[1].substring(1)));
        body.add(" mov." + type + " " + divisor + ", " + value + ";");
        if (r.nextInt(4) == 0) {
            body.add(" @%p" + r.nextInt(4) + " mov." + type + " " + divisor + ", " + (1 + r.nextInt(64)) + ";");
        }
        body.add(" " + (r.nextBoolean() ? "div" : "rem") + "." + type + " " + cls[0] + r.nextInt(8) + ", " + cls[0]
                + r.nextInt(8) + ", " + divisor + ";");
    }

    /**
     * Shared loads through a base register (%c), arithmetic on what they load, the base moved by
     * the same straight-line run, and loads through it again: the lane loops check a span of
     * loads where its base holds the address the loads use. The base starts at the thread's stage
     * word or a neighbour's; moved, it stays in the window unless {@code wild} (past it, or
     * misaligned).
     */
    private static void movedBase(List<String> body, Random r, boolean wild) {
        body.add(" add.u32 %c, %sh, " + 4 * r.nextInt(8) + ";");
        String x = "%r" + r.nextInt(8), y = "%r" + r.nextInt(8);
        body.add(" ld.shared.b32 " + x + ", [%c];");
        body.add(" ld.shared.b32 " + y + ", [%c+" + 4 * (1 + r.nextInt(8)) + "];");
        body.add(" " + (r.nextBoolean() ? "add.u32" : "xor.b32") + " %r" + r.nextInt(8) + ", " + x + ", " + y + ";");
        String move = wild && r.nextBoolean() ? (r.nextBoolean() ? "2" : Integer.toString(1 << 20)) : Integer.toString(4 * r.nextInt(16));
        body.add(" add.u32 %c, %c, " + move + ";");
        body.add(" ld.shared.b32 %r" + r.nextInt(8) + ", [%c];");
        body.add(" ld.shared.b32 %r" + r.nextInt(8) + ", [%c+" + 4 * (1 + r.nextInt(8)) + "];");
    }

    /**
     * An atom or red of shared (astage) or global (the atomics buffer, %at) memory whose lanes
     * meet on a few words: integer forms on bytes 0-127, f32 on 128-191, f64 on 192-255 (so
     * that a NaN's payload, which an add may take from either operand, never reaches an integer
     * register), through the space's own addresses or generic ones. {@code wild}: misaligned from
     * the third lane of a warp on, or every lane past the end of the space.
     */
    private void colliding(List<String> body, Random r, boolean wild) {
        AtomicForm f = atomicForms.get(r.nextInt(atomicForms.size()));
        int size = f.type().size();
        int region = f.type() == ScalarType.F32 ? 128 : f.type() == ScalarType.F64 ? 192 : 0;
        int span = f.type().isFloat() ? 64 : 128;
        boolean shared = r.nextBoolean();
        long offset = region;
        String base;
        if (!wild && r.nextInt(4) == 0) {
            // every lane on one word
            base = shared ? "%as" : "%at";
            offset += (long) size * r.nextInt(span / size);
        } else {
            boolean misaligned = wild && r.nextBoolean();
            // misaligned: lanes 0 and 1 of a warp share a word, lane 2 faults
            body.add(misaligned ? " and.b32 %ai, %t, 62;" : " and.b32 %ai, %r" + r.nextInt(8) + ", " + (span - size) + ";");
            if (wild && !misaligned) {
                offset += 1 << 20;
            }
            if (shared) {
                body.add(" add.u32 %ai, %ai, %as;");
                base = "%ai";
            } else {
                body.add(" cvt.u64.u32 %aj, %ai; add.u64 %aj, %aj, %at;");
                base = "%aj";
            }
        }
        String space = shared ? ".shared" : ".global";
        if (r.nextInt(3) == 0) {
            // the same words through a generic pointer; now and then the thread's own stage word in some lanes
            body.add(shared ? " cvt.u64.u32 %aj, " + base + "; cvta.shared.u64 %aj, %aj;"
                    : " cvta.global.u64 %aj, " + base + ";");
            if (size == 4 && r.nextInt(4) == 0) {
                body.add(" selp.b64 %aj, %aj, %gs, %p0;");
            }
            base = "%aj";
            space = "";
        }
        String guard = r.nextInt(4) == 0 ? "@" + (r.nextBoolean() ? "" : "!") + "%p" + r.nextInt(4) + " " : "";
        String at = "[" + base + (offset == 0 ? "" : "+" + offset) + "]";
        body.add(" " + guard + atomic(f, space, at, r) + ";");
    }

    /** {@code f} at {@code at}: destination and operands are registers of the type's class, or small integers (inc/dec bounds). */
    private static String atomic(AtomicForm f, String space, String at, Random r) {
        ScalarType t = f.type();
        String cls = t == ScalarType.F32 ? "%f" : t == ScalarType.F64 ? "%fd" : t.size() == 4 ? "%r" : "%rd";
        StringBuilder sb = new StringBuilder(f.base()).append(space).append('.').append(f.operation())
                .append('.').append(t.ptxName()).append(' ');
        if (f.base().equals("atom")) {
            sb.append(cls).append(r.nextInt(8)).append(", ");
        }
        sb.append(at).append(", ");
        if (!t.isFloat() && r.nextInt(3) == 0) {
            sb.append(r.nextInt(6));
        } else {
            sb.append(cls).append(r.nextInt(8));
        }
        if (f.operation().equals("cas")) {
            sb.append(", ").append(cls).append(r.nextInt(8));
        }
        return sb.toString();
    }

    /** A vote.sync of any mode over a predicate, maybe negated, with all lanes, some or a register's lanes as members. */
    private static void vote(List<String> body, Random r) {
        String mode = new String[] {"ballot", "all", "any", "uni"}[r.nextInt(4)];
        String dst = mode.equals("ballot") ? "b32 %r" + r.nextInt(8) : "pred %p" + r.nextInt(4);
        String members = r.nextInt(3) == 0 ? "%r" + r.nextInt(8)
                : r.nextBoolean() ? "-1" : "0x" + Integer.toHexString(r.nextInt());
        String guard = r.nextInt(4) == 0 ? "@" + (r.nextBoolean() ? "" : "!") + "%p" + r.nextInt(4) + " " : "";
        body.add(" " + guard + "vote.sync." + mode + "." + dst + ", " + (r.nextBoolean() ? "!" : "") + "%p" + r.nextInt(4)
                + ", " + members + ";");
    }

    /** Register classes and the types ld/st move them as: b16 (%h), b32 (%r), b64 (%rd). */
    private static final String[][] ACCESS_TYPES = {{"%h", "b16", "u16", "s16"}, {"%r", "b32", "u32", "s32"},
        {"%rd", "b64", "u64", "s64"}};

    /**
     * A store and a load of the thread's own memory: local (its depot), or generic through a
     * pointer into the depot, into its shared words, into its input row, or into the depot in
     * some lanes and the shared words in others (%gm).
     */
    private static void memoryRoundTrip(List<String> body, Random r) {
        int kind = r.nextInt(ACCESS_TYPES.length);
        String[] t = ACCESS_TYPES[kind];
        int size = 2 << kind;
        String space;
        String base;
        long offset;
        switch (r.nextInt(5)) {
            case 0: case 1:
                space = ".local";
                base = "%lp";
                offset = (long) size * r.nextInt(DEPOT_BYTES / size);
                break;
            case 2:
                space = "";
                base = "%gl";
                offset = (long) size * r.nextInt(DEPOT_BYTES / size);
                break;
            case 3:
                space = "";
                base = "%gs";
                offset = 256L * r.nextInt(4);
                if (size == 8) {
                    t = ACCESS_TYPES[1];
                }
                break;
            default:
                space = "";
                base = r.nextBoolean() ? "%gm" : "%gg";
                offset = 0;
                if (size == 8 && base.equals("%gm")) {
                    t = ACCESS_TYPES[1];
                }
                break;
        }
        String at = "[" + base + (offset == 0 ? "" : "+" + offset) + "]";
        if (!base.equals("%gg") || r.nextBoolean()) {
            body.add(" st" + space + "." + t[1] + " " + at + ", " + t[0] + r.nextInt(8) + ";");
        }
        body.add(" ld" + space + "." + t[1 + r.nextInt(3)] + " " + t[0] + r.nextInt(8) + ", " + at + ";");
    }

    /**
     * A vector store and load (v2/v4 of b16, b32, b64) of the thread's own local, shared (%vs)
     * or input (%a) memory; now and then misaligned, which faults.
     */
    private static void vectorRoundTrip(List<String> body, Random r) {
        int kind = r.nextInt(ACCESS_TYPES.length);
        String[] t = ACCESS_TYPES[kind];
        int vec = kind == 2 || r.nextBoolean() ? 2 : 4;
        int bytes = (2 << kind) * vec;
        int misaligned = r.nextInt(40) == 0 ? bytes / 2 : 0;
        String space;
        String at;
        switch (r.nextInt(3)) {
            case 0:
                space = ".local";
                at = "[%lp+" + (bytes * r.nextInt(DEPOT_BYTES / bytes) + misaligned) + "]";
                break;
            case 1:
                space = ".shared";
                at = "[%vs+" + misaligned + "]";
                break;
            default:
                space = ".global";
                at = "[%a+" + (bytes * r.nextInt(IN_BYTES / bytes) + misaligned) + "]";
                break;
        }
        if (!space.equals(".global") || r.nextBoolean()) {
            body.add(" st" + space + ".v" + vec + "." + t[1] + " " + at + ", " + vectorRegs(t[0], vec, r) + ";");
        }
        body.add(" ld" + space + ".v" + vec + "." + t[1 + r.nextInt(3)] + " " + vectorRegs(t[0], vec, r) + ", " + at + ";");
    }

    /** {@code vec} distinct registers of class {@code cls}, as a vector operand. */
    private static String vectorRegs(String cls, int vec, Random r) {
        int first = r.nextInt(8);
        StringBuilder sb = new StringBuilder("{");
        for (int k = 0; k < vec; k++) {
            sb.append(k == 0 ? "" : ", ").append(cls).append((first + k) % 8);
        }
        return sb.append('}').toString();
    }

    /** Bytes of each thread's local array. */
    private static final int DEPOT_BYTES = 64;

    private static String instruction(Form f, Random r, boolean immediates) {
        String t = f.type().ptxName();
        switch (f.shape()) {
            case BINARY:
                return f.opcode() + "." + t + " " + reg(f.type(), r) + ", " + reg(f.type(), r) + ", "
                        + source(f.type(), r, immediates);
            case TERNARY:
                return f.opcode() + "." + t + " " + reg(f.type(), r) + ", " + reg(f.type(), r) + ", " + reg(f.type(), r)
                        + ", " + source(f.type(), r, immediates);
            case UNARY:
                return f.opcode() + "." + t + " " + reg(f.type(), r) + ", " + source(f.type(), r, immediates);
            case WIDE:
                return f.opcode() + "." + t + " " + reg(2 * f.type().size(), r) + ", " + reg(f.type(), r) + ", "
                        + source(f.type(), r, immediates);
            case WIDE_TERNARY:
                return f.opcode() + "." + t + " " + reg(2 * f.type().size(), r) + ", " + reg(f.type(), r) + ", "
                        + reg(f.type(), r) + ", " + reg(2 * f.type().size(), r);
            case COUNT:
                return f.opcode() + "." + t + " " + reg(4, r) + ", " + reg(f.type(), r);
            case SHIFT:
                return f.opcode() + "." + t + " " + reg(f.type(), r) + ", " + reg(f.type(), r) + ", "
                        + (immediates && r.nextBoolean() ? Integer.toString(r.nextInt(70)) : reg(4, r));
            case SETP:
                return f.opcode() + "." + t + " %p" + r.nextInt(4) + ", " + reg(f.type(), r) + ", "
                        + source(f.type(), r, immediates);
            case SETP_COMBINED:
                return f.opcode() + "." + t + " %p" + r.nextInt(4) + "|%p" + r.nextInt(4) + ", " + reg(f.type(), r) + ", "
                        + reg(f.type(), r) + ", " + (r.nextBoolean() ? "!" : "") + "%p" + r.nextInt(4);
            case SELP:
                return f.opcode() + "." + t + " " + reg(f.type(), r) + ", " + reg(f.type(), r) + ", "
                        + source(f.type(), r, immediates) + ", %p" + r.nextInt(4);
            default:
                return f.opcode() + "." + t + "." + f.type2().ptxName() + " " + reg(f.type(), r) + ", " + reg(f.type2(), r);
        }
    }

    /** A register or, for integer types now and then, an immediate. */
    private static String source(ScalarType t, Random r, boolean immediates) {
        if (immediates && !t.isFloat() && !t.isPredicate() && r.nextInt(5) == 0) {
            long[] interesting = {0, 1, 2, 3, 7, 31, 32, 33, 63, 64, -1, 255, 0x7fff, 0x8000};
            return Long.toString(interesting[r.nextInt(interesting.length)]);
        }
        return reg(t, r);
    }

    /** An integer register {@code size} bytes wide. */
    private static String reg(int size, Random r) {
        return (size == 2 ? "%h" : size == 4 ? "%r" : "%rd") + r.nextInt(8);
    }

    private static String reg(ScalarType t, Random r) {
        String cls;
        switch (t) {
            case PRED: cls = "%p"; return cls + r.nextInt(4);
            case F64: cls = "%fd"; break;
            case F32: cls = "%f"; break;
            case F16X2: cls = "%fx"; break;
            case BF16X2: cls = "%bx"; break;
            case F16: cls = "%hf"; break;
            case BF16: cls = "%hb"; break;
            default: return reg(t.size(), r);
        }
        return cls + r.nextInt(8);
    }

    /** Inputs: 16 x 8 bytes per thread at in + 128 * thread (8 integer words, then 8 float words). */
    static final int IN_BYTES = 128;
    /** The words all threads' global atomics meet on: integer (0-127), f32 (128-191), f64 (192-255). */
    static final int ATOMIC_BYTES = 256;
    /**
     * Outputs, per thread at out + 320 * thread: %rd, %r, %h (0-111), then %fd (112), %f (176),
     * %fx (208), %bx (240), %hf (272), %hb (288), and the predicates as words (304).
     */
    static final int OUT_BYTES = 320;
    /** Where each float register type's values start in a thread's output, and their types. */
    static final int[] FLOAT_OFFSETS = {112, 176, 208, 240, 272, 288};
    static final ScalarType[] FLOAT_TYPES = {ScalarType.F64, ScalarType.F32, ScalarType.F16X2, ScalarType.BF16X2,
        ScalarType.F16, ScalarType.BF16};

    private static String kernel(List<String> body) {
        StringBuilder sb = new StringBuilder(SimTestSupport.HEADER);
        sb.append(".visible .entry k(.param .u64 in, .param .u64 out, .param .u64 atomics)\n{\n");
        sb.append(" .reg .b16 %h<8>; .reg .b32 %r<8>; .reg .b64 %rd<8>; .reg .pred %p<4>;\n");
        sb.append(" .reg .b16 %hf<8>, %hb<8>; .reg .b32 %f<8>, %fx<8>, %bx<8>; .reg .b64 %fd<8>;\n");
        sb.append(" .reg .b32 %t, %g, %c, %n, %sh; .reg .b64 %in, %out, %a;\n");
        sb.append(" .shared .align 4 .b32 stage[1024];\n");
        sb.append(" .shared .align 16 .b8 vstage[1024];\n");
        sb.append(" .shared .align 8 .b8 astage[").append(ATOMIC_BYTES).append("];\n");
        sb.append(" .reg .b32 %as, %ai; .reg .b64 %at, %aj;\n");
        sb.append(" .local .align 16 .b8 depot[").append(DEPOT_BYTES).append("];\n");
        sb.append(" .reg .b64 %lp, %gl, %gs, %gg, %gm; .reg .b32 %vs;\n");
        sb.append(" ld.param.u64 %in, [in]; ld.param.u64 %out, [out]; ld.param.u64 %at, [atomics];\n");
        sb.append(" mov.u32 %as, astage;\n");
        sb.append(" mov.u32 %t, %tid.x; mov.u32 %c, %ctaid.x; mov.u32 %n, %ntid.x; mad.lo.u32 %g, %c, %n, %t;\n");
        sb.append(" mov.u32 %sh, stage; shl.b32 %c, %t, 2; add.u32 %sh, %sh, %c;\n");
        sb.append(" mov.u32 %vs, vstage; shl.b32 %c, %t, 4; add.u32 %vs, %vs, %c;\n");
        sb.append(" mul.wide.u32 %a, %g, ").append(IN_BYTES).append("; add.u64 %a, %a, %in;\n");
        for (int k = 0; k < 8; k++) {
            sb.append(" ld.global.b64 %rd").append(k).append(", [%a+").append(8 * k).append("];\n");
            sb.append(" cvt.u32.u64 %r").append(k).append(", %rd").append(7 - k).append(";\n");
            sb.append(" cvt.u16.u64 %h").append(k).append(", %rd").append((k + 3) % 8).append(";\n");
            sb.append(" ld.global.b64 %fd").append(k).append(", [%a+").append(64 + 8 * k).append("];\n");
        }
        for (int k = 0; k < 8; k++) {
            sb.append(" mov.b64 {%f").append(k).append(", %fx").append(k).append("}, %fd").append(7 - k).append(";\n");
            sb.append(" mov.b64 {%bx").append(k).append(", %c}, %fd").append((k + 3) % 8).append(";\n");
            sb.append(" mov.b32 {%hf").append(k).append(", %hb").append(k).append("}, %f").append((k + 5) % 8).append(";\n");
        }
        for (int k = 0; k < 4; k++) {
            sb.append(" setp.ne.b32 %p").append(k).append(", %r").append(k + 4).append(", 0;\n");
        }
        sb.append(" mov.u64 %lp, depot; cvta.local.u64 %gl, %lp;\n");
        sb.append(" cvt.u64.u32 %gs, %sh; cvta.shared.u64 %gs, %gs; cvta.global.u64 %gg, %a;\n");
        sb.append(" selp.b64 %gm, %gl, %gs, %p0;\n");
        for (String line : body) {
            sb.append(line).append('\n');
        }
        sb.append(" mul.wide.u32 %a, %g, ").append(OUT_BYTES).append("; add.u64 %a, %a, %out;\n");
        for (int k = 0; k < 8; k++) {
            sb.append(" st.global.b64 [%a+").append(8 * k).append("], %rd").append(k).append(";\n");
            sb.append(" st.global.b32 [%a+").append(64 + 4 * k).append("], %r").append(k).append(";\n");
            sb.append(" st.global.b16 [%a+").append(96 + 2 * k).append("], %h").append(k).append(";\n");
            sb.append(" st.global.b64 [%a+").append(112 + 8 * k).append("], %fd").append(k).append(";\n");
            sb.append(" st.global.b32 [%a+").append(176 + 4 * k).append("], %f").append(k).append(";\n");
            sb.append(" st.global.b32 [%a+").append(208 + 4 * k).append("], %fx").append(k).append(";\n");
            sb.append(" st.global.b32 [%a+").append(240 + 4 * k).append("], %bx").append(k).append(";\n");
            sb.append(" st.global.b16 [%a+").append(272 + 2 * k).append("], %hf").append(k).append(";\n");
            sb.append(" st.global.b16 [%a+").append(288 + 2 * k).append("], %hb").append(k).append(";\n");
        }
        for (int k = 0; k < 4; k++) {
            sb.append(" selp.u32 %c, 1, 0, %p").append(k).append(";\n");
            sb.append(" st.global.b32 [%a+").append(304 + 4 * k).append("], %c;\n");
        }
        sb.append(" ret;\n}\n");
        return sb.toString();
    }
}
