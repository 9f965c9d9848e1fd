package org.gpumem.dwarf.info;

/**
 * DW_TAG_* values of DWARF 2-5 and the vendor tags GCC and LLVM emit. Vendor numbers live in this table only.
 */
public final class DwTag {
    public static final int ARRAY_TYPE = 0x01;
    public static final int CLASS_TYPE = 0x02;
    public static final int ENTRY_POINT = 0x03;
    public static final int ENUMERATION_TYPE = 0x04;
    public static final int FORMAL_PARAMETER = 0x05;
    public static final int IMPORTED_DECLARATION = 0x08;
    public static final int LABEL = 0x0a;
    public static final int LEXICAL_BLOCK = 0x0b;
    public static final int MEMBER = 0x0d;
    public static final int POINTER_TYPE = 0x0f;
    public static final int REFERENCE_TYPE = 0x10;
    public static final int COMPILE_UNIT = 0x11;
    public static final int STRING_TYPE = 0x12;
    public static final int STRUCTURE_TYPE = 0x13;
    public static final int SUBROUTINE_TYPE = 0x15;
    public static final int TYPEDEF = 0x16;
    public static final int UNION_TYPE = 0x17;
    public static final int UNSPECIFIED_PARAMETERS = 0x18;
    public static final int VARIANT = 0x19;
    public static final int COMMON_BLOCK = 0x1a;
    public static final int COMMON_INCLUSION = 0x1b;
    public static final int INHERITANCE = 0x1c;
    public static final int INLINED_SUBROUTINE = 0x1d;
    public static final int MODULE = 0x1e;
    public static final int PTR_TO_MEMBER_TYPE = 0x1f;
    public static final int SET_TYPE = 0x20;
    public static final int SUBRANGE_TYPE = 0x21;
    public static final int WITH_STMT = 0x22;
    public static final int ACCESS_DECLARATION = 0x23;
    public static final int BASE_TYPE = 0x24;
    public static final int CATCH_BLOCK = 0x25;
    public static final int CONST_TYPE = 0x26;
    public static final int CONSTANT = 0x27;
    public static final int ENUMERATOR = 0x28;
    public static final int FILE_TYPE = 0x29;
    public static final int FRIEND = 0x2a;
    public static final int NAMELIST = 0x2b;
    public static final int NAMELIST_ITEM = 0x2c;
    public static final int PACKED_TYPE = 0x2d;
    public static final int SUBPROGRAM = 0x2e;
    public static final int TEMPLATE_TYPE_PARAMETER = 0x2f;
    public static final int TEMPLATE_VALUE_PARAMETER = 0x30;
    public static final int THROWN_TYPE = 0x31;
    public static final int TRY_BLOCK = 0x32;
    public static final int VARIANT_PART = 0x33;
    public static final int VARIABLE = 0x34;
    public static final int VOLATILE_TYPE = 0x35;
    public static final int DWARF_PROCEDURE = 0x36;
    public static final int RESTRICT_TYPE = 0x37;
    public static final int INTERFACE_TYPE = 0x38;
    public static final int NAMESPACE = 0x39;
    public static final int IMPORTED_MODULE = 0x3a;
    public static final int UNSPECIFIED_TYPE = 0x3b;
    public static final int PARTIAL_UNIT = 0x3c;
    public static final int IMPORTED_UNIT = 0x3d;
    public static final int CONDITION = 0x3f;
    public static final int SHARED_TYPE = 0x40;
    public static final int TYPE_UNIT = 0x41;
    public static final int RVALUE_REFERENCE_TYPE = 0x42;
    public static final int TEMPLATE_ALIAS = 0x43;
    public static final int COARRAY_TYPE = 0x44;
    public static final int GENERIC_SUBRANGE = 0x45;
    public static final int DYNAMIC_TYPE = 0x46;
    public static final int ATOMIC_TYPE = 0x47;
    public static final int CALL_SITE = 0x48;
    public static final int CALL_SITE_PARAMETER = 0x49;
    public static final int SKELETON_UNIT = 0x4a;
    public static final int IMMUTABLE_TYPE = 0x4b;
    public static final int MIPS_LOOP = 0x4081;
    public static final int FORMAT_LABEL = 0x4101;
    public static final int FUNCTION_TEMPLATE = 0x4102;
    public static final int CLASS_TEMPLATE = 0x4103;
    public static final int GNU_TEMPLATE_TEMPLATE_PARAM = 0x4106;
    public static final int GNU_TEMPLATE_PARAMETER_PACK = 0x4107;
    public static final int GNU_FORMAL_PARAMETER_PACK = 0x4108;
    public static final int GNU_CALL_SITE = 0x4109;
    public static final int GNU_CALL_SITE_PARAMETER = 0x410a;

    private static final NameTable NAMES = new NameTable("DW_TAG_", new int[] {
        0x01, 0x02, 0x03, 0x04, 0x05, 0x08, 0x0a, 0x0b, 0x0d, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x15,
        0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x24,
        0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f, 0x30, 0x31, 0x32, 0x33,
        0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3f, 0x40, 0x41, 0x42, 0x43,
        0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4081, 0x4101, 0x4102, 0x4103, 0x4106,
        0x4107, 0x4108, 0x4109, 0x410a}, new String[] {
        "array_type", "class_type", "entry_point", "enumeration_type", "formal_parameter",
        "imported_declaration", "label", "lexical_block", "member", "pointer_type",
        "reference_type", "compile_unit", "string_type", "structure_type", "subroutine_type",
        "typedef", "union_type", "unspecified_parameters", "variant", "common_block",
        "common_inclusion", "inheritance", "inlined_subroutine", "module", "ptr_to_member_type",
        "set_type", "subrange_type", "with_stmt", "access_declaration", "base_type", "catch_block",
        "const_type", "constant", "enumerator", "file_type", "friend", "namelist", "namelist_item",
        "packed_type", "subprogram", "template_type_parameter", "template_value_parameter",
        "thrown_type", "try_block", "variant_part", "variable", "volatile_type", "dwarf_procedure",
        "restrict_type", "interface_type", "namespace", "imported_module", "unspecified_type",
        "partial_unit", "imported_unit", "condition", "shared_type", "type_unit",
        "rvalue_reference_type", "template_alias", "coarray_type", "generic_subrange",
        "dynamic_type", "atomic_type", "call_site", "call_site_parameter", "skeleton_unit",
        "immutable_type", "MIPS_loop", "format_label", "function_template", "class_template",
        "GNU_template_template_param", "GNU_template_parameter_pack", "GNU_formal_parameter_pack",
        "GNU_call_site", "GNU_call_site_parameter"});

    private DwTag() {
    }

    /** The DW_TAG_ name of {@code value} ("DW_TAG_..."), or a hexadecimal rendering when unknown. */
    public static String name(int value) {
        return NAMES.name(value);
    }

    /** Whether {@code value} has a name in this table. */
    public static boolean known(int value) {
        return NAMES.known(value);
    }

}
