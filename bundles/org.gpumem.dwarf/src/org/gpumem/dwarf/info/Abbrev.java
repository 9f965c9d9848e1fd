package org.gpumem.dwarf.info;

/**
 * One abbreviation declaration: the tag, whether children follow, and the attribute
 * specifications (attribute, form, and for DW_FORM_implicit_const the value).
 */
public final class Abbrev {
    final int code;
    final int tag;
    final boolean hasChildren;
    final int[] attributes;
    final int[] forms;
    final long[] implicitConsts;
    final long offset;

    Abbrev(int code, int tag, boolean hasChildren, int[] attributes, int[] forms, long[] implicitConsts, long offset) {
        this.code = code;
        this.tag = tag;
        this.hasChildren = hasChildren;
        this.attributes = attributes;
        this.forms = forms;
        this.implicitConsts = implicitConsts;
        this.offset = offset;
    }

    /**
     * Where the attribute values of a DIE with this abbreviation lie when every form has a fixed
     * size for the unit's address and offset sizes: lets the DIE cursor step over such DIEs in
     * one move. Computed per layout key and replaced when a unit with another key uses the table.
     */
    static final class FixedLayout {
        final int key;
        final int total;
        final int[] offsets;

        FixedLayout(int key, int total, int[] offsets) {
            this.key = key;
            this.total = total;
            this.offsets = offsets;
        }
    }

    private volatile FixedLayout layout;

    /** The fixed layout for the sizes given, or a layout with total -1 when some form has variable size. */
    FixedLayout layout(int addressSize, int offsetSize, int refAddrSize) {
        int key = addressSize << 16 | offsetSize << 8 | refAddrSize;
        FixedLayout l = layout;
        if (l != null && l.key == key) {
            return l;
        }
        int[] offsets = new int[forms.length];
        int total = 0;
        for (int i = 0; i < forms.length; i++) {
            int size = fixedSize(forms[i], addressSize, offsetSize, refAddrSize);
            if (size < 0) {
                total = -1;
                break;
            }
            offsets[i] = total;
            total += size;
        }
        l = new FixedLayout(key, total, total < 0 ? null : offsets);
        layout = l;
        return l;
    }

    private static int fixedSize(int form, int addressSize, int offsetSize, int refAddrSize) {
        switch (form) {
            case DwForm.ADDR: return addressSize;
            case DwForm.DATA1: case DwForm.REF1: case DwForm.FLAG: case DwForm.STRX1: case DwForm.ADDRX1: return 1;
            case DwForm.DATA2: case DwForm.REF2: case DwForm.STRX2: case DwForm.ADDRX2: return 2;
            case DwForm.STRX3: case DwForm.ADDRX3: return 3;
            case DwForm.DATA4: case DwForm.REF4: case DwForm.REF_SUP4: case DwForm.STRX4: case DwForm.ADDRX4: return 4;
            case DwForm.DATA8: case DwForm.REF8: case DwForm.REF_SIG8: case DwForm.REF_SUP8: return 8;
            case DwForm.DATA16: return 16;
            case DwForm.STRP: case DwForm.LINE_STRP: case DwForm.SEC_OFFSET: case DwForm.STRP_SUP: case DwForm.GNU_REF_ALT:
            case DwForm.GNU_STRP_ALT: return offsetSize;
            case DwForm.REF_ADDR: return refAddrSize;
            case DwForm.FLAG_PRESENT: case DwForm.IMPLICIT_CONST: return 0;
            default: return -1;
        }
    }

    public int code() {
        return code;
    }

    public int tag() {
        return tag;
    }

    public boolean hasChildren() {
        return hasChildren;
    }

    public int attributeCount() {
        return attributes.length;
    }

    public int attribute(int i) {
        return attributes[i];
    }

    public int form(int i) {
        return forms[i];
    }

    /** Index of {@code attribute} in this declaration, or -1. */
    public int indexOf(int attribute) {
        int[] a = attributes;
        for (int i = 0; i < a.length; i++) {
            if (a[i] == attribute) {
                return i;
            }
        }
        return -1;
    }
}
