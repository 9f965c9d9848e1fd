package org.gpumem.sim.exec;

import static org.gpumem.sim.exec.scalar.TypeWidths.SIZE;

import java.util.Arrays;
import java.util.List;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.memory.StateSpaceLayout;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * The byte ranges a debug session watches, as the interpreter checks them: a CTA holding a
 * {@code Watches} (set by the debugger; null otherwise, which costs the interpreter one test of
 * a local per instruction and runs no compiled blocks) has every load, store, atomic and
 * asynchronous copy of its warps looked at before it executes. Where a lane's access overlaps a
 * watched range in the lane's context, the range's bytes are taken before and after the
 * instruction, and the warp stops right after it ({@link Cta.Stop#WATCHPOINT}, the {@link Hit}
 * in {@link Cta#watchHit()}). Immutable.
 */
public final class Watches {
    /** Most bytes one range watches (the bytes a hit copies twice). */
    public static final int MAX_RANGE = 1 << 16;

    /**
     * One watched range.
     *
     * @param id      the debugger's number for it
     * @param space   GLOBAL, SHARED, LOCAL or CONST (where the bytes are stored)
     * @param start   first byte: a global address, a CTA's shared offset, a thread's local
     *                offset, a const bank offset
     * @param length  bytes (1 to {@link #MAX_RANGE})
     * @param writes  whether writes stop the warp
     * @param reads   whether reads stop it
     * @param cta     the CTA (linear index) whose shared or local bytes are meant, -1 for every CTA
     * @param warp    the warp whose local bytes are meant, -1 for every warp
     * @param lane    the lane whose local bytes are meant, -1 for every lane
     */
    public record Range(int id, PtxStateSpace space, long start, int length, boolean writes, boolean reads, int cta,
            int warp, int lane) {
        public Range {
            if (length < 1 || length > MAX_RANGE) {
                throw new IllegalArgumentException("a watched range has 1 to " + MAX_RANGE + " bytes: " + length);
            }
            if (space != PtxStateSpace.GLOBAL && space != PtxStateSpace.SHARED && space != PtxStateSpace.LOCAL
                    && space != PtxStateSpace.CONST) {
                throw new IllegalArgumentException("no watchpoints on " + space.ptxName() + " memory");
            }
        }

        private boolean covers(PtxStateSpace s, long address, int size, int ctaIndex, int warpIndex, int laneIndex) {
            return s == space && address < start + length && address + size > start
                    && (cta < 0 || cta == ctaIndex || s == PtxStateSpace.GLOBAL || s == PtxStateSpace.CONST)
                    && (s != PtxStateSpace.LOCAL || (warp < 0 || warp == warpIndex) && (lane < 0 || lane == laneIndex));
        }
    }

    /**
     * What stopped a warp: the range, the lane that accessed it (the last in lane order), whether
     * it wrote, the range's bytes in that lane's context before and after the instruction.
     */
    public record Hit(Range range, int lane, boolean wrote, byte[] before, byte[] after, Instruction instruction) {
    }

    private final Range[] ranges;

    public Watches(List<Range> ranges) {
        this.ranges = ranges.toArray(new Range[0]);
    }

    /** Whether the interpreter must look at {@code op} (a memory access of a warp). */
    static boolean accessesMemory(int op) {
        return op == Op.LD || op == Op.ST || op == Op.ATOM || op == Op.RED || op == Op.CP_ASYNC;
    }

    /**
     * The hit of instruction {@code in} executed by lanes {@code m} of {@code w}, with the bytes
     * before it; null when no lane's access touches a watched range. Computes each lane's
     * addresses as the memory paths do (generic ones through the layout's windows); an address
     * the instruction will refuse is looked at all the same (the fault comes first).
     */
    Hit before(Cta cta, Warp w, Instruction in, long[] R, int m) {
        Range range = null;
        int lane = -1;
        boolean wrote = false;
        StateSpaceLayout layout = cta.launch.layout;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long addr = R[in.addrReg << 5 | l] + in.addrOffset;
            for (Range r : ranges) {
                boolean hit = false;
                boolean write = false;
                switch (in.op) {
                    case Op.LD, Op.ST -> {
                        if (in.space != PtxStateSpace.PARAM && matches(r, layout, in.space, addr, SIZE[in.type] * in.vec, cta, w, l)
                                && (in.op == Op.ST ? r.writes() : r.reads())) {
                            hit = true;
                            write = in.op == Op.ST;
                        }
                    }
                    case Op.ATOM, Op.RED -> {
                        int size = in.vec > 1 ? 4 * in.vec : SIZE[in.type];
                        if (matches(r, layout, in.space, addr, size, cta, w, l) && (r.writes() || r.reads())) {
                            hit = true;
                            write = true;
                        }
                    }
                    default -> {
                        // cp.async: reads global memory, writes shared memory
                        long dst = R[in.src[0] << 5 | l] + in.dstAddrOffset;
                        if (r.reads() && matches(r, layout, PtxStateSpace.GLOBAL, addr, in.vec, cta, w, l)) {
                            hit = true;
                        }
                        if (r.writes() && matches(r, layout, PtxStateSpace.SHARED, dst, in.vec, cta, w, l)) {
                            hit = true;
                            write = true;
                        }
                    }
                }
                if (hit) {
                    range = r;
                    lane = l;
                    wrote = write;
                }
            }
        }
        return range == null ? null : new Hit(range, lane, wrote, bytes(cta, w, range, lane), null, in);
    }

    /** The hit with the range's bytes after the instruction. */
    Hit after(Cta cta, Warp w, Hit before) {
        return new Hit(before.range(), before.lane(), before.wrote(), before.before(), bytes(cta, w, before.range(), before.lane()),
                before.instruction());
    }

    private static boolean matches(Range r, StateSpaceLayout layout, PtxStateSpace space, long addr, int size, Cta cta, Warp w,
            int lane) {
        PtxStateSpace s = space;
        long a = addr;
        if (space == PtxStateSpace.GENERIC) {
            s = layout.resolve(addr);
            a = s == PtxStateSpace.GLOBAL ? addr : addr - layout.base(s);
        }
        return r.covers(s, a, size, cta.linear, w.id, lane);
    }

    /** The range's bytes as {@code lane} of {@code w} sees them (the debugger set the range inside its space). */
    private static byte[] bytes(Cta cta, Warp w, Range r, int lane) {
        return switch (r.space()) {
            case GLOBAL -> cta.launch.module.device().read(r.start(), r.length());
            case SHARED -> Arrays.copyOfRange(cta.shared, (int) r.start(), (int) r.start() + r.length());
            case CONST -> Arrays.copyOfRange(cta.launch.module.constBank(), (int) r.start(), (int) r.start() + r.length());
            default -> w.readLocal(lane, r.start(), r.length());
        };
    }

    @Override
    public String toString() {
        return Arrays.toString(ranges);
    }
}
