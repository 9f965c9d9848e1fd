package org.gpumem.dwarf.info;

/**
 * DW_AT_* values of DWARF 2-5 and the vendor attributes seen in GPU and host binaries. The LLVM heterogeneous-debugging
 * numbers (memory_space 0x3e0f, address_space 0x3e10, lanes 0x3e11...) are those of current LLVM Dwarf.def; NVIDIA's
 * DW_AT_address_class is the standard 0x33 carrying a PTX state space. Vendor numbers live in this table only.
 */
public final class DwAt {
    public static final int SIBLING = 0x01;
    public static final int LOCATION = 0x02;
    public static final int NAME = 0x03;
    public static final int ORDERING = 0x09;
    public static final int BYTE_SIZE = 0x0b;
    public static final int BIT_OFFSET = 0x0c;
    public static final int BIT_SIZE = 0x0d;
    public static final int STMT_LIST = 0x10;
    public static final int LOW_PC = 0x11;
    public static final int HIGH_PC = 0x12;
    public static final int LANGUAGE = 0x13;
    public static final int DISCR = 0x15;
    public static final int DISCR_VALUE = 0x16;
    public static final int VISIBILITY = 0x17;
    public static final int IMPORT = 0x18;
    public static final int STRING_LENGTH = 0x19;
    public static final int COMMON_REFERENCE = 0x1a;
    public static final int COMP_DIR = 0x1b;
    public static final int CONST_VALUE = 0x1c;
    public static final int CONTAINING_TYPE = 0x1d;
    public static final int DEFAULT_VALUE = 0x1e;
    public static final int INLINE = 0x20;
    public static final int IS_OPTIONAL = 0x21;
    public static final int LOWER_BOUND = 0x22;
    public static final int PRODUCER = 0x25;
    public static final int PROTOTYPED = 0x27;
    public static final int RETURN_ADDR = 0x2a;
    public static final int START_SCOPE = 0x2c;
    public static final int BIT_STRIDE = 0x2e;
    public static final int UPPER_BOUND = 0x2f;
    public static final int ABSTRACT_ORIGIN = 0x31;
    public static final int ACCESSIBILITY = 0x32;
    public static final int ADDRESS_CLASS = 0x33;
    public static final int ARTIFICIAL = 0x34;
    public static final int BASE_TYPES = 0x35;
    public static final int CALLING_CONVENTION = 0x36;
    public static final int COUNT = 0x37;
    public static final int DATA_MEMBER_LOCATION = 0x38;
    public static final int DECL_COLUMN = 0x39;
    public static final int DECL_FILE = 0x3a;
    public static final int DECL_LINE = 0x3b;
    public static final int DECLARATION = 0x3c;
    public static final int DISCR_LIST = 0x3d;
    public static final int ENCODING = 0x3e;
    public static final int EXTERNAL = 0x3f;
    public static final int FRAME_BASE = 0x40;
    public static final int FRIEND = 0x41;
    public static final int IDENTIFIER_CASE = 0x42;
    public static final int MACRO_INFO = 0x43;
    public static final int NAMELIST_ITEM = 0x44;
    public static final int PRIORITY = 0x45;
    public static final int SEGMENT = 0x46;
    public static final int SPECIFICATION = 0x47;
    public static final int STATIC_LINK = 0x48;
    public static final int TYPE = 0x49;
    public static final int USE_LOCATION = 0x4a;
    public static final int VARIABLE_PARAMETER = 0x4b;
    public static final int VIRTUALITY = 0x4c;
    public static final int VTABLE_ELEM_LOCATION = 0x4d;
    public static final int ALLOCATED = 0x4e;
    public static final int ASSOCIATED = 0x4f;
    public static final int DATA_LOCATION = 0x50;
    public static final int BYTE_STRIDE = 0x51;
    public static final int ENTRY_PC = 0x52;
    public static final int USE_UTF8 = 0x53;
    public static final int EXTENSION = 0x54;
    public static final int RANGES = 0x55;
    public static final int TRAMPOLINE = 0x56;
    public static final int CALL_COLUMN = 0x57;
    public static final int CALL_FILE = 0x58;
    public static final int CALL_LINE = 0x59;
    public static final int DESCRIPTION = 0x5a;
    public static final int BINARY_SCALE = 0x5b;
    public static final int DECIMAL_SCALE = 0x5c;
    public static final int SMALL = 0x5d;
    public static final int DECIMAL_SIGN = 0x5e;
    public static final int DIGIT_COUNT = 0x5f;
    public static final int PICTURE_STRING = 0x60;
    public static final int MUTABLE = 0x61;
    public static final int THREADS_SCALED = 0x62;
    public static final int EXPLICIT = 0x63;
    public static final int OBJECT_POINTER = 0x64;
    public static final int ENDIANITY = 0x65;
    public static final int ELEMENTAL = 0x66;
    public static final int PURE = 0x67;
    public static final int RECURSIVE = 0x68;
    public static final int SIGNATURE = 0x69;
    public static final int MAIN_SUBPROGRAM = 0x6a;
    public static final int DATA_BIT_OFFSET = 0x6b;
    public static final int CONST_EXPR = 0x6c;
    public static final int ENUM_CLASS = 0x6d;
    public static final int LINKAGE_NAME = 0x6e;
    public static final int STRING_LENGTH_BIT_SIZE = 0x6f;
    public static final int STRING_LENGTH_BYTE_SIZE = 0x70;
    public static final int RANK = 0x71;
    public static final int STR_OFFSETS_BASE = 0x72;
    public static final int ADDR_BASE = 0x73;
    public static final int RNGLISTS_BASE = 0x74;
    public static final int DWO_NAME = 0x76;
    public static final int REFERENCE = 0x77;
    public static final int RVALUE_REFERENCE = 0x78;
    public static final int MACROS = 0x79;
    public static final int CALL_ALL_CALLS = 0x7a;
    public static final int CALL_ALL_SOURCE_CALLS = 0x7b;
    public static final int CALL_ALL_TAIL_CALLS = 0x7c;
    public static final int CALL_RETURN_PC = 0x7d;
    public static final int CALL_VALUE = 0x7e;
    public static final int CALL_ORIGIN = 0x7f;
    public static final int CALL_PARAMETER = 0x80;
    public static final int CALL_PC = 0x81;
    public static final int CALL_TAIL_CALL = 0x82;
    public static final int CALL_TARGET = 0x83;
    public static final int CALL_TARGET_CLOBBERED = 0x84;
    public static final int CALL_DATA_LOCATION = 0x85;
    public static final int CALL_DATA_VALUE = 0x86;
    public static final int NORETURN = 0x87;
    public static final int ALIGNMENT = 0x88;
    public static final int EXPORT_SYMBOLS = 0x89;
    public static final int DELETED = 0x8a;
    public static final int DEFAULTED = 0x8b;
    public static final int LOCLISTS_BASE = 0x8c;
    public static final int MIPS_LINKAGE_NAME = 0x2007;
    public static final int SF_NAMES = 0x2101;
    public static final int SRC_INFO = 0x2102;
    public static final int MAC_INFO = 0x2103;
    public static final int SRC_COORDS = 0x2104;
    public static final int BODY_BEGIN = 0x2105;
    public static final int BODY_END = 0x2106;
    public static final int GNU_VECTOR = 0x2107;
    public static final int GNU_TEMPLATE_NAME = 0x2110;
    public static final int GNU_CALL_SITE_VALUE = 0x2111;
    public static final int GNU_CALL_SITE_DATA_VALUE = 0x2112;
    public static final int GNU_CALL_SITE_TARGET = 0x2113;
    public static final int GNU_CALL_SITE_TARGET_CLOBBERED = 0x2114;
    public static final int GNU_TAIL_CALL = 0x2115;
    public static final int GNU_ALL_TAIL_CALL_SITES = 0x2116;
    public static final int GNU_ALL_CALL_SITES = 0x2117;
    public static final int GNU_ALL_SOURCE_CALL_SITES = 0x2118;
    public static final int GNU_MACROS = 0x2119;
    public static final int GNU_DELETED = 0x211a;
    public static final int GNU_DWO_NAME = 0x2130;
    public static final int GNU_DWO_ID = 0x2131;
    public static final int GNU_RANGES_BASE = 0x2132;
    public static final int GNU_ADDR_BASE = 0x2133;
    public static final int GNU_PUBNAMES = 0x2134;
    public static final int GNU_PUBTYPES = 0x2135;
    public static final int GNU_DISCRIMINATOR = 0x2136;
    public static final int GNU_LOCVIEWS = 0x2137;
    public static final int GNU_ENTRY_VIEW = 0x2138;
    public static final int LLVM_INCLUDE_PATH = 0x3e00;
    public static final int LLVM_CONFIG_MACROS = 0x3e01;
    public static final int LLVM_SYSROOT = 0x3e02;
    public static final int LLVM_TAG_OFFSET = 0x3e03;
    public static final int LLVM_PTRAUTH_KEY = 0x3e04;
    public static final int LLVM_PTRAUTH_ADDRESS_DISCRIMINATED = 0x3e05;
    public static final int LLVM_PTRAUTH_EXTRA_DISCRIMINATOR = 0x3e06;
    public static final int LLVM_APINOTES = 0x3e07;
    public static final int LLVM_PTRAUTH_ISA_POINTER = 0x3e08;
    public static final int LLVM_PTRAUTH_AUTHENTICATES_NULL_VALUES = 0x3e09;
    public static final int LLVM_PTRAUTH_AUTHENTICATION_MODE = 0x3e0a;
    public static final int LLVM_NUM_EXTRA_INHABITANTS = 0x3e0b;
    public static final int LLVM_STMT_SEQUENCE = 0x3e0c;
    public static final int LLVM_CORO_SUSPEND_IDX = 0x3e0d;
    public static final int LLVM_MEMORY_SPACE = 0x3e0f;
    public static final int LLVM_ADDRESS_SPACE = 0x3e10;
    public static final int LLVM_LANES = 0x3e11;
    public static final int LLVM_LANE_PC = 0x3e12;
    public static final int LLVM_VECTOR_SIZE = 0x3e13;
    public static final int APPLE_OPTIMIZED = 0x3fe1;
    public static final int APPLE_FLAGS = 0x3fe2;
    public static final int APPLE_ISA = 0x3fe3;
    public static final int APPLE_BLOCK = 0x3fe4;
    public static final int APPLE_MAJOR_RUNTIME_VERS = 0x3fe5;
    public static final int APPLE_RUNTIME_CLASS = 0x3fe6;
    public static final int APPLE_OMIT_FRAME_PTR = 0x3fe7;
    public static final int APPLE_PROPERTY_NAME = 0x3fe8;
    public static final int APPLE_PROPERTY_GETTER = 0x3fe9;
    public static final int APPLE_PROPERTY_SETTER = 0x3fea;
    public static final int APPLE_PROPERTY_ATTRIBUTE = 0x3feb;
    public static final int APPLE_OBJC_COMPLETE_TYPE = 0x3fec;
    public static final int APPLE_PROPERTY = 0x3fed;
    public static final int APPLE_OBJC_DIRECT = 0x3fee;
    public static final int APPLE_SDK = 0x3fef;
    public static final int APPLE_ORIGIN = 0x3ff0;

    private static final NameTable NAMES = new NameTable("DW_AT_", new int[] {
        0x01, 0x02, 0x03, 0x09, 0x0b, 0x0c, 0x0d, 0x10, 0x11, 0x12, 0x13, 0x15, 0x16, 0x17, 0x18,
        0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x20, 0x21, 0x22, 0x25, 0x27, 0x2a, 0x2c, 0x2e, 0x2f,
        0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f,
        0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e,
        0x4f, 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x5b, 0x5c, 0x5d,
        0x5e, 0x5f, 0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x6b, 0x6c,
        0x6d, 0x6e, 0x6f, 0x70, 0x71, 0x72, 0x73, 0x74, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x7b, 0x7c,
        0x7d, 0x7e, 0x7f, 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b,
        0x8c, 0x2007, 0x2101, 0x2102, 0x2103, 0x2104, 0x2105, 0x2106, 0x2107, 0x2110, 0x2111,
        0x2112, 0x2113, 0x2114, 0x2115, 0x2116, 0x2117, 0x2118, 0x2119, 0x211a, 0x2130, 0x2131,
        0x2132, 0x2133, 0x2134, 0x2135, 0x2136, 0x2137, 0x2138, 0x3e00, 0x3e01, 0x3e02, 0x3e03,
        0x3e04, 0x3e05, 0x3e06, 0x3e07, 0x3e08, 0x3e09, 0x3e0a, 0x3e0b, 0x3e0c, 0x3e0d, 0x3e0f,
        0x3e10, 0x3e11, 0x3e12, 0x3e13, 0x3fe1, 0x3fe2, 0x3fe3, 0x3fe4, 0x3fe5, 0x3fe6, 0x3fe7,
        0x3fe8, 0x3fe9, 0x3fea, 0x3feb, 0x3fec, 0x3fed, 0x3fee, 0x3fef, 0x3ff0}, new String[] {
        "sibling", "location", "name", "ordering", "byte_size", "bit_offset", "bit_size",
        "stmt_list", "low_pc", "high_pc", "language", "discr", "discr_value", "visibility",
        "import", "string_length", "common_reference", "comp_dir", "const_value", "containing_type",
        "default_value", "inline", "is_optional", "lower_bound", "producer", "prototyped",
        "return_addr", "start_scope", "bit_stride", "upper_bound", "abstract_origin",
        "accessibility", "address_class", "artificial", "base_types", "calling_convention", "count",
        "data_member_location", "decl_column", "decl_file", "decl_line", "declaration",
        "discr_list", "encoding", "external", "frame_base", "friend", "identifier_case",
        "macro_info", "namelist_item", "priority", "segment", "specification", "static_link",
        "type", "use_location", "variable_parameter", "virtuality", "vtable_elem_location",
        "allocated", "associated", "data_location", "byte_stride", "entry_pc", "use_UTF8",
        "extension", "ranges", "trampoline", "call_column", "call_file", "call_line", "description",
        "binary_scale", "decimal_scale", "small", "decimal_sign", "digit_count", "picture_string",
        "mutable", "threads_scaled", "explicit", "object_pointer", "endianity", "elemental", "pure",
        "recursive", "signature", "main_subprogram", "data_bit_offset", "const_expr", "enum_class",
        "linkage_name", "string_length_bit_size", "string_length_byte_size", "rank",
        "str_offsets_base", "addr_base", "rnglists_base", "dwo_name", "reference",
        "rvalue_reference", "macros", "call_all_calls", "call_all_source_calls",
        "call_all_tail_calls", "call_return_pc", "call_value", "call_origin", "call_parameter",
        "call_pc", "call_tail_call", "call_target", "call_target_clobbered", "call_data_location",
        "call_data_value", "noreturn", "alignment", "export_symbols", "deleted", "defaulted",
        "loclists_base", "MIPS_linkage_name", "sf_names", "src_info", "mac_info", "src_coords",
        "body_begin", "body_end", "GNU_vector", "GNU_template_name", "GNU_call_site_value",
        "GNU_call_site_data_value", "GNU_call_site_target", "GNU_call_site_target_clobbered",
        "GNU_tail_call", "GNU_all_tail_call_sites", "GNU_all_call_sites",
        "GNU_all_source_call_sites", "GNU_macros", "GNU_deleted", "GNU_dwo_name", "GNU_dwo_id",
        "GNU_ranges_base", "GNU_addr_base", "GNU_pubnames", "GNU_pubtypes", "GNU_discriminator",
        "GNU_locviews", "GNU_entry_view", "LLVM_include_path", "LLVM_config_macros", "LLVM_sysroot",
        "LLVM_tag_offset", "LLVM_ptrauth_key", "LLVM_ptrauth_address_discriminated",
        "LLVM_ptrauth_extra_discriminator", "LLVM_apinotes", "LLVM_ptrauth_isa_pointer",
        "LLVM_ptrauth_authenticates_null_values", "LLVM_ptrauth_authentication_mode",
        "LLVM_num_extra_inhabitants", "LLVM_stmt_sequence", "LLVM_coro_suspend_idx",
        "LLVM_memory_space", "LLVM_address_space", "LLVM_lanes", "LLVM_lane_pc", "LLVM_vector_size",
        "APPLE_optimized", "APPLE_flags", "APPLE_isa", "APPLE_block", "APPLE_major_runtime_vers",
        "APPLE_runtime_class", "APPLE_omit_frame_ptr", "APPLE_property_name",
        "APPLE_property_getter", "APPLE_property_setter", "APPLE_property_attribute",
        "APPLE_objc_complete_type", "APPLE_property", "APPLE_objc_direct", "APPLE_sdk",
        "APPLE_origin"});

    private DwAt() {
    }

    /** The DW_AT_ name of {@code value} ("DW_AT_..."), or a hexadecimal rendering when unknown. */
    public static String name(int value) {
        return NAMES.name(value);
    }

    /** Whether {@code value} has a name in this table. */
    public static boolean known(int value) {
        return NAMES.known(value);
    }

}
