package org.gpumem.sim.ptx;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;

/** Variable and parameter declarations: attributes, type, name, array extents and initializers. */
final class Declarations {
    private final Tokens t;

    Declarations(Tokens t) {
        this.t = t;
    }

    /** Declaration attributes: {@code .align N}, vector, type, then name, dims, initializer. */
    PtxVariable parse(PtxStateSpace space, boolean external, int line) throws PtxException {
        int align = 0;
        ScalarType type = null;
        int vec = 1;
        while (t.lx.kinds[t.p] == PtxLexer.WORD && t.peek().startsWith(".")) {
            String d = t.next();
            if (d.equals(".align")) {
                align = (int) t.integer();
                if (align <= 0 || Integer.bitCount(align) != 1 || align > 4096) {
                    throw t.error(line, null, "bad alignment " + align);
                }
            } else if (d.equals(".v2") || d.equals(".v4") || d.equals(".v8")) {
                vec = Integer.parseInt(d.substring(2));
            } else if (d.equals(".ptr") || d.equals(".global") || d.equals(".const") || d.equals(".shared")
                    || d.equals(".local")) {
                // pointer attributes of kernel params do not change the storage
            } else if (d.equals(".attribute")) {
                // .attribute(.managed) (__managed__): host code may reach the variable, as it
                // may reach all simulated global memory; the storage is that of any .global
                t.expect("(");
                String attribute = t.next();
                if (!attribute.equals(".managed")) {
                    throw t.error(line, null, "unknown variable attribute '" + attribute + "'");
                }
                t.expect(")");
            } else {
                type = ScalarType.fromName(d.substring(1));
                if (type == null) {
                    throw t.error(line, null, "unknown type or attribute '" + d + "' in declaration");
                }
            }
        }
        if (type == null) {
            throw t.error(line, null, "declaration without a type");
        }
        String name = t.word();
        long elems = vec;
        boolean unsized = false;
        while (t.accept("[")) {
            if (t.accept("]")) {
                unsized = true;
                continue;
            }
            long n = t.integer();
            if (n < 0 || n > PtxLoader.MAX_VARIABLE) {
                throw t.error(line, null, "bad array size " + n + " of " + name);
            }
            t.expect("]");
            elems *= n;
            if (elems * type.size() > PtxLoader.MAX_VARIABLE) {
                throw t.error(line, null, "variable " + name + " is too large");
            }
        }
        int esize = type.size() * vec;
        if (align == 0) {
            align = Math.max(1, esize);
        }
        byte[] init = null;
        List<PtxVariable.SymbolInit> symInits = new ArrayList<>();
        if (t.accept("=")) {
            List<Object> vals = new ArrayList<>();
            initializer(vals, line, type, 0);
            if (unsized) {
                elems = vals.size();
            }
            if (vals.size() > elems) {
                throw t.error(line, null, "initializer of " + name + " has " + vals.size() + " elements for "
                        + elems);
            }
            init = initialBytes(vals, type, name, line, symInits);
        } else if (unsized) {
            elems = 0;
        }
        checkSize(space, name, elems * type.size(), line);
        return new PtxVariable(name, space, type, elems * type.size(), align, init, List.copyOf(symInits),
                external || unsized, line);
    }

    /** A {@code .shared} or {@code .local} variable larger than a CTA's or a thread's memory can never be placed. */
    private void checkSize(PtxStateSpace space, String name, long bytes, int line) throws PtxException {
        if (space == PtxStateSpace.SHARED && bytes > DeviceFacts.MOST_SHARED_BYTES_PER_BLOCK) {
            throw t.error(line, null, ".shared variable " + name + " is " + bytes + " bytes, more than the "
                    + DeviceFacts.MOST_SHARED_BYTES_PER_BLOCK + " bytes of shared memory a CTA can have");
        }
        if (space == PtxStateSpace.LOCAL && bytes > DeviceFacts.MAX_LOCAL_BYTES_PER_THREAD) {
            throw t.error(line, null, ".local variable " + name + " is " + bytes + " bytes, more than the "
                    + DeviceFacts.MAX_LOCAL_BYTES_PER_THREAD + " bytes of local memory a thread can have");
        }
    }

    /**
     * The bytes of the values an initializer lists; addresses of other variables go to
     * {@code symInits} instead. Only the values written are stored (the rest is zero), so a huge
     * declared size with a short initializer costs nothing here.
     */
    private byte[] initialBytes(List<Object> vals, ScalarType type, String name, int line,
            List<PtxVariable.SymbolInit> symInits) throws PtxException {
        byte[] init = new byte[vals.size() * type.size()];
        for (int i = 0; i < vals.size(); i++) {
            Object o = vals.get(i);
            if (o instanceof Long) {
                long v = (Long) o;
                for (int b = 0; b < type.size(); b++) {
                    init[i * type.size() + b] = (byte) (v >>> (8 * b));
                }
            } else {
                if (type.size() != 8) {
                    throw t.error(line, null, "address initializer in " + name + " needs a 64-bit element type");
                }
                String[] s = (String[]) o;
                symInits.add(new PtxVariable.SymbolInit(i * 8L, s[0], s[1] != null));
            }
        }
        return init;
    }

    /** One value or a brace-enclosed list of values (nested for arrays), appended to {@code out}. */
    void initializer(List<Object> out, int line, ScalarType type, int depth) throws PtxException {
        if (depth > 8) {
            throw t.error(line, null, "initializer nested too deeply");
        }
        if (t.accept("{")) {
            if (!t.at("}")) {
                do {
                    initializer(out, line, type, depth + 1);
                } while (t.accept(","));
            }
            t.expect("}");
            return;
        }
        if (t.at("generic")) {
            t.next();
            t.expect("(");
            String s = t.word();
            t.expect(")");
            out.add(new String[] {s, "generic"});
            return;
        }
        boolean neg = t.accept("-");
        String w = t.word();
        if (!Character.isDigit(w.charAt(0))) {
            out.add(new String[] {w, null});
            return;
        }
        Long v = PtxLoader.parseImmediate(w, type);
        if (v == null) {
            throw t.error(line, null, "bad initializer value '" + w + "'");
        }
        out.add(neg ? PtxLoader.negate(v, type) : v);
    }
}
