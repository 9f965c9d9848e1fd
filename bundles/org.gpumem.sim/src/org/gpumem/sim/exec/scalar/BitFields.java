package org.gpumem.sim.exec.scalar;

import static org.gpumem.sim.exec.scalar.Alu.*;

import org.gpumem.sim.ptx.Instruction;
import org.gpumem.sim.ptx.Op;

/**
 * Bit-field instructions for all active lanes: bfe, bfi, prmt, lop3, and the packing and
 * unpacking forms of mov.
 */
final class BitFields {
    private BitFields() {
    }

    static void bits(Instruction in, long[] R, int m) {
        int t = in.type;
        int width = size(t) * 8;
        long mk = mask(t);
        int d = in.dst[0] << 5;
        int[] s = in.src;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long a = R[s[0] << 5 | l] & mk;
            long r;
            switch (in.op) {
                case Op.BFE: {
                    int pos = (int) (R[s[1] << 5 | l] & 0xFF);
                    int len = (int) (R[s[2] << 5 | l] & 0xFF);
                    int msb = width - 1;
                    long sbit = 0;
                    if (signed(t) && len > 0) {
                        int sb = Math.min(pos + len - 1, msb);
                        sbit = (a >>> sb) & 1;
                    }
                    r = 0;
                    for (int i = 0; i < width; i++) {
                        long bit = i < len && pos + i <= msb ? (a >>> (pos + i)) & 1 : sbit;
                        r |= bit << i;
                    }
                    break;
                }
                case Op.BFI: {
                    long b = R[s[1] << 5 | l] & mk;
                    int pos = (int) (R[s[2] << 5 | l] & 0xFF);
                    int len = (int) (R[s[3] << 5 | l] & 0xFF);
                    r = b;
                    for (int i = 0; i < len && pos + i < width; i++) {
                        long bit = (a >>> i) & 1;
                        r = (r & ~(1L << (pos + i))) | (bit << (pos + i));
                    }
                    break;
                }
                case Op.PRMT: {
                    long b = R[s[1] << 5 | l] & 0xFFFF_FFFFL;
                    long c = R[s[2] << 5 | l];
                    long bytes = (b << 32) | (a & 0xFFFF_FFFFL);
                    r = 0;
                    for (int i = 0; i < 4; i++) {
                        int sel = (int) (c >>> (4 * i)) & 0xF;
                        long byteVal = (bytes >>> (8 * (sel & 7))) & 0xFF;
                        if ((sel & 8) != 0) {
                            byteVal = (byteVal & 0x80) != 0 ? 0xFF : 0;
                        }
                        r |= byteVal << (8 * i);
                    }
                    break;
                }
                default: {
                    long b = R[s[1] << 5 | l] & mk;
                    long c = R[s[2] << 5 | l] & mk;
                    int lut = (int) (R[s[3] << 5 | l] & 0xFF);
                    r = 0;
                    for (int i = 0; i < 8; i++) {
                        if ((lut >>> i & 1) != 0) {
                            r |= ((i & 4) != 0 ? a : ~a) & ((i & 2) != 0 ? b : ~b) & ((i & 1) != 0 ? c : ~c);
                        }
                    }
                    break;
                }
            }
            R[d | l] = r & mk;
        }
    }

    /** mov.bNN d, {a, b, ...}: elements packed low to high. */
    static void pack(Instruction in, long[] R, int m) {
        int d = in.dst[0] << 5;
        int n = in.src.length;
        int ebits = size(in.type) * 8 / n;
        long emask = ebits >= 64 ? -1L : (1L << ebits) - 1;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long v = 0;
            for (int k = 0; k < n; k++) {
                v |= (R[in.src[k] << 5 | l] & emask) << (k * ebits);
            }
            R[d | l] = v & mask(in.type);
        }
    }

    /** mov.bNN {a, b, ...}, s: elements unpacked low to high. */
    static void unpack(Instruction in, long[] R, int m) {
        int a = in.src[0] << 5;
        int n = in.dst.length;
        int ebits = size(in.type) * 8 / n;
        long emask = ebits >= 64 ? -1L : (1L << ebits) - 1;
        for (int mm = m; mm != 0; mm &= mm - 1) {
            int l = Integer.numberOfTrailingZeros(mm);
            long v = R[a | l];
            for (int k = 0; k < n; k++) {
                R[in.dst[k] << 5 | l] = (v >>> (k * ebits)) & emask;
            }
        }
    }
}
