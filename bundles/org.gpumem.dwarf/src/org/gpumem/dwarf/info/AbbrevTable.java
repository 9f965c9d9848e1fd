package org.gpumem.dwarf.info;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.io.ByteReader;

/** The abbreviation declarations starting at one offset of .debug_abbrev. */
public final class AbbrevTable {
    private final Abbrev[] dense;
    private final Map<Integer, Abbrev> sparse;

    private AbbrevTable(Abbrev[] dense, Map<Integer, Abbrev> sparse) {
        this.dense = dense;
        this.sparse = sparse;
    }

    static AbbrevTable read(ByteReader r) {
        List<Abbrev> list = new ArrayList<>();
        int max = 0;
        while (true) {
            long at = r.offset();
            long code = r.uleb();
            if (code == 0) {
                break;
            }
            if (code < 0 || code > Integer.MAX_VALUE) {
                throw r.fail(r.position(), "abbreviation code " + Long.toUnsignedString(code) + " too large");
            }
            int tag = r.ulebInt();
            int children = r.u8();
            List<int[]> specs = new ArrayList<>();
            List<Long> consts = new ArrayList<>();
            while (true) {
                int attr = r.ulebInt();
                int form = r.ulebInt();
                if (attr == 0 && form == 0) {
                    break;
                }
                specs.add(new int[] {attr, form});
                consts.add(form == DwForm.IMPLICIT_CONST ? r.sleb() : 0L);
            }
            int n = specs.size();
            int[] attrs = new int[n];
            int[] forms = new int[n];
            long[] ic = new long[n];
            for (int i = 0; i < n; i++) {
                attrs[i] = specs.get(i)[0];
                forms[i] = specs.get(i)[1];
                ic[i] = consts.get(i);
            }
            list.add(new Abbrev((int) code, tag, children != 0, attrs, forms, ic, at));
            max = Math.max(max, (int) code);
        }
        if (max <= list.size() * 4L + 64) {
            Abbrev[] d = new Abbrev[max + 1];
            for (Abbrev a : list) {
                if (d[a.code] == null) {
                    d[a.code] = a;
                }
            }
            return new AbbrevTable(d, null);
        }
        Map<Integer, Abbrev> m = new HashMap<>();
        for (Abbrev a : list) {
            m.putIfAbsent(a.code, a);
        }
        return new AbbrevTable(null, m);
    }

    /** The declaration for {@code code}, or null. */
    public Abbrev get(long code) {
        if (dense != null) {
            return code > 0 && code < dense.length ? dense[(int) code] : null;
        }
        return code > 0 && code <= Integer.MAX_VALUE ? sparse.get((int) code) : null;
    }
}
