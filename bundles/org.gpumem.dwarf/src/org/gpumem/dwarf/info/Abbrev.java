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
