package org.gpumem.sim.exec;

import org.gpumem.sim.FaultKind;
import org.gpumem.sim.exec.scalar.Alu;
import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * {@code match.any/all.sync} and {@code redux.sync} over the lanes of a warp that execute them
 * and are in each lane's member mask, as scalar reductions every engine calls and their per-warp
 * loops.
 */
public final class WarpReductions {
    private WarpReductions() {
    }

    /** The mask of the lanes of {@code lanes} whose value equals lane {@code l}'s. */
    public static int matchAny(long[] values, int lanes, int l) {
        int r = 0;
        for (int mm = lanes; mm != 0; mm &= mm - 1) {
            int j = Integer.numberOfTrailingZeros(mm);
            if (values[j] == values[l]) {
                r |= 1 << j;
            }
        }
        return r;
    }

    /** {@code redux.sync} of {@code op} over {@code values} of {@code lanes}, 32-bit. */
    public static long redux(int op, boolean signed, long[] values, int lanes) {
        long acc = op == Op.ATOM_AND ? 0xFFFF_FFFFL : op == Op.ATOM_MIN ? (signed ? Integer.MAX_VALUE : 0xFFFF_FFFFL)
                : op == Op.ATOM_MAX ? (signed ? Integer.MIN_VALUE : 0) : 0;
        for (int mm = lanes; mm != 0; mm &= mm - 1) {
            long v = values[Integer.numberOfTrailingZeros(mm)];
            long x = signed ? (int) v : v & 0xFFFF_FFFFL;
            switch (op) {
                case Op.ATOM_ADD: acc += x; break;
                case Op.ATOM_MIN: acc = Math.min(acc, x); break;
                case Op.ATOM_MAX: acc = Math.max(acc, x); break;
                case Op.ATOM_AND: acc &= x; break;
                case Op.ATOM_OR: acc |= x; break;
                default: acc ^= x; break;
            }
        }
        return acc & 0xFFFF_FFFFL;
    }

    /**
     * {@code match.any.sync d, a, mask} / {@code match.all.sync d{|p}, a, mask}; {@code tmp} holds
     * 32 longs. Each lane matches among the executing lanes of its own member mask: lanes whose
     * masks differ (groups of a labeled partition) match in their own groups, at one instruction.
     */
    static void match(Instruction in, long[] R, int m, long[] tmp) {
        int a = in.src[0] << 5, mem = in.src[1] << 5;
        long mk = Alu.mask(in.type);
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            tmp[l] = R[a | l] & mk;
        }
        int d = in.dst[0] << 5;
        int p = in.dst.length > 1 ? in.dst[1] << 5 : -1;
        boolean all = in.mod == 1;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            int members = members(R, mem, l, m, "match");
            int same = matchAny(tmp, members, l);
            boolean allSame = same == members;
            R[d | l] = all ? (allSame ? members & 0xFFFF_FFFFL : 0) : same & 0xFFFF_FFFFL;
            if (p >= 0) {
                R[p | l] = allSame ? 1 : 0;
            }
        }
    }

    /**
     * {@code redux.sync.op.type d, a, mask}: each lane reduces over the executing lanes of its own
     * member mask (several groups at one instruction reduce separately).
     */
    static void redux(Instruction in, long[] R, int m, long[] tmp) {
        int a = in.src[0] << 5, mem = in.src[1] << 5;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            tmp[l] = R[a | l];
        }
        int d = in.dst[0] << 5;
        boolean signed = Alu.signed(in.type);
        int reduced = 0; // no lane's members: every mask holds its own lane
        long r = 0;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            int members = members(R, mem, l, m, "redux");
            if (members != reduced) {
                r = redux(in.mod, signed, tmp, members);
                reduced = members;
            }
            R[d | l] = r;
        }
    }

    /** Lane {@code l}'s member mask (register row {@code mem}) among the executing lanes {@code m}; a lane outside its own mask faults. */
    private static int members(long[] R, int mem, int l, int m, String instruction) {
        int members = (int) R[mem | l];
        if ((members & (1 << l)) == 0) {
            throw LaneFault.of(FaultKind.ILLEGAL_INSTRUCTION, l, instruction + ".sync executed by lane " + l
                    + " that is not in its member mask 0x" + Integer.toHexString(members));
        }
        return members & m;
    }
}
