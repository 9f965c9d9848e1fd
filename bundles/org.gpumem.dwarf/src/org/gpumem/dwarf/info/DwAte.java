package org.gpumem.dwarf.info;

/** DW_ATE_* base-type encodings of DWARF 2-5 (DW_AT_encoding). */
public final class DwAte {
    public static final int ADDRESS = 0x01;
    public static final int BOOLEAN = 0x02;
    public static final int COMPLEX_FLOAT = 0x03;
    public static final int FLOAT = 0x04;
    public static final int SIGNED = 0x05;
    public static final int SIGNED_CHAR = 0x06;
    public static final int UNSIGNED = 0x07;
    public static final int UNSIGNED_CHAR = 0x08;
    public static final int IMAGINARY_FLOAT = 0x09;
    public static final int PACKED_DECIMAL = 0x0a;
    public static final int NUMERIC_STRING = 0x0b;
    public static final int EDITED = 0x0c;
    public static final int SIGNED_FIXED = 0x0d;
    public static final int UNSIGNED_FIXED = 0x0e;
    public static final int DECIMAL_FLOAT = 0x0f;
    public static final int UTF = 0x10;
    public static final int UCS = 0x11;
    public static final int ASCII = 0x12;

    private DwAte() {
    }
}
