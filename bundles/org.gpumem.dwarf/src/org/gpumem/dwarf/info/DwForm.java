package org.gpumem.dwarf.info;

/**
 * DW_FORM_* values of DWARF 2-5 and the GNU extensions for split DWARF and supplementary files.
 */
public final class DwForm {
    public static final int ADDR = 0x01;
    public static final int BLOCK2 = 0x03;
    public static final int BLOCK4 = 0x04;
    public static final int DATA2 = 0x05;
    public static final int DATA4 = 0x06;
    public static final int DATA8 = 0x07;
    public static final int STRING = 0x08;
    public static final int BLOCK = 0x09;
    public static final int BLOCK1 = 0x0a;
    public static final int DATA1 = 0x0b;
    public static final int FLAG = 0x0c;
    public static final int SDATA = 0x0d;
    public static final int STRP = 0x0e;
    public static final int UDATA = 0x0f;
    public static final int REF_ADDR = 0x10;
    public static final int REF1 = 0x11;
    public static final int REF2 = 0x12;
    public static final int REF4 = 0x13;
    public static final int REF8 = 0x14;
    public static final int REF_UDATA = 0x15;
    public static final int INDIRECT = 0x16;
    public static final int SEC_OFFSET = 0x17;
    public static final int EXPRLOC = 0x18;
    public static final int FLAG_PRESENT = 0x19;
    public static final int STRX = 0x1a;
    public static final int ADDRX = 0x1b;
    public static final int REF_SUP4 = 0x1c;
    public static final int STRP_SUP = 0x1d;
    public static final int DATA16 = 0x1e;
    public static final int LINE_STRP = 0x1f;
    public static final int REF_SIG8 = 0x20;
    public static final int IMPLICIT_CONST = 0x21;
    public static final int LOCLISTX = 0x22;
    public static final int RNGLISTX = 0x23;
    public static final int REF_SUP8 = 0x24;
    public static final int STRX1 = 0x25;
    public static final int STRX2 = 0x26;
    public static final int STRX3 = 0x27;
    public static final int STRX4 = 0x28;
    public static final int ADDRX1 = 0x29;
    public static final int ADDRX2 = 0x2a;
    public static final int ADDRX3 = 0x2b;
    public static final int ADDRX4 = 0x2c;
    public static final int GNU_ADDR_INDEX = 0x1f01;
    public static final int GNU_STR_INDEX = 0x1f02;
    public static final int GNU_REF_ALT = 0x1f20;
    public static final int GNU_STRP_ALT = 0x1f21;

    private static final NameTable NAMES = new NameTable("DW_FORM_", new int[] {
        0x01, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10,
        0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
        0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x1f01,
        0x1f02, 0x1f20, 0x1f21}, new String[] {
        "addr", "block2", "block4", "data2", "data4", "data8", "string", "block", "block1", "data1",
        "flag", "sdata", "strp", "udata", "ref_addr", "ref1", "ref2", "ref4", "ref8", "ref_udata",
        "indirect", "sec_offset", "exprloc", "flag_present", "strx", "addrx", "ref_sup4",
        "strp_sup", "data16", "line_strp", "ref_sig8", "implicit_const", "loclistx", "rnglistx",
        "ref_sup8", "strx1", "strx2", "strx3", "strx4", "addrx1", "addrx2", "addrx3", "addrx4",
        "GNU_addr_index", "GNU_str_index", "GNU_ref_alt", "GNU_strp_alt"});

    private DwForm() {
    }

    /** The DW_FORM_ name of {@code value} ("DW_FORM_..."), or a hexadecimal rendering when unknown. */
    public static String name(int value) {
        return NAMES.name(value);
    }

    /** Whether {@code value} has a name in this table. */
    public static boolean known(int value) {
        return NAMES.known(value);
    }

}
