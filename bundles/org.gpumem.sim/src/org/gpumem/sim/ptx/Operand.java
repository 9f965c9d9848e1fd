package org.gpumem.sim.ptx;

import java.util.ArrayList;
import java.util.List;

/** An instruction operand as parsed, before the {@link Decoder} turns it into registers. */
final class Operand {
    static final int REG = 0, IMM = 1, SYM = 2, ADDR = 3, VEC = 4, PAIR = 5, LIST = 6, SINK = 7;
    int kind;
    String name;
    String text;
    boolean negated;
    long offset;
    Operand[] elems;
    String second;

    Operand(int kind) {
        this.kind = kind;
    }

    /** One operand at the tokens' position: register, immediate, symbol, address, vector, list, sink. */
    static Operand parse(Tokens t, int line, String opcode, int depth) throws PtxException {
        if (depth > 4) {
            throw t.error(line, opcode, "operand nested too deeply");
        }
        if (t.accept("[")) {
            Operand o = new Operand(Operand.ADDR);
            if (t.at("-") || Character.isDigit(t.peek().charAt(0))) {
                o.offset = t.integer();
            } else {
                o.name = t.word();
                while (t.at("+") || t.at("-")) {
                    boolean neg = t.next().equals("-");
                    long v = t.integer();
                    o.offset += neg ? -v : v;
                }
            }
            // texture and surface operands: [handle, coordinates] ({..} or one register)
            if (t.accept(",")) {
                List<Operand> elems = new ArrayList<>();
                do {
                    elems.add(parse(t, line, opcode, depth + 1));
                } while (t.accept(","));
                o.elems = elems.toArray(new Operand[0]);
            }
            t.expect("]");
            return o;
        }
        if (t.accept("{")) {
            Operand o = new Operand(Operand.VEC);
            List<Operand> elems = new ArrayList<>();
            if (!t.at("}")) {
                do {
                    elems.add(parse(t, line, opcode, depth + 1));
                } while (t.accept(","));
            }
            t.expect("}");
            o.elems = elems.toArray(new Operand[0]);
            return o;
        }
        if (t.accept("(")) {
            Operand o = new Operand(Operand.LIST);
            List<Operand> elems = new ArrayList<>();
            if (!t.at(")")) {
                do {
                    elems.add(parse(t, line, opcode, depth + 1));
                } while (t.accept(","));
            }
            t.expect(")");
            o.elems = elems.toArray(new Operand[0]);
            return o;
        }
        if (t.accept("!")) {
            Operand o = parse(t, line, opcode, depth + 1);
            o.negated = true;
            return o;
        }
        if (t.at("-") || Character.isDigit(t.peek().charAt(0))) {
            boolean neg = t.accept("-");
            Operand o = new Operand(Operand.IMM);
            o.text = (neg ? "-" : "") + t.word();
            return o;
        }
        if (t.at("_")) {
            t.next();
            return new Operand(Operand.SINK);
        }
        String w = t.word();
        if (w.startsWith("%")) {
            Operand o = new Operand(Operand.REG);
            o.name = w;
            if (t.accept("|")) {
                o.kind = Operand.PAIR;
                o.second = t.word();
            }
            return o;
        }
        Operand o = new Operand(Operand.SYM);
        o.name = w;
        if (t.accept("|")) {
            // d|p of registers declared without % (inline asm in cuda_fp16.h, cooperative_groups)
            o.kind = Operand.PAIR;
            o.second = t.word();
            return o;
        }
        while (t.at("+") || t.at("-")) {
            boolean neg = t.next().equals("-");
            long v = t.integer();
            o.offset += neg ? -v : v;
        }
        return o;
    }
}
