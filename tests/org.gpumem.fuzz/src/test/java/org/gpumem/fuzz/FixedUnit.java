package org.gpumem.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.info.DebugSections;

/**
 * Sections for targets that fuzz one section read through a unit: a .debug_info with one
 * compile unit of the given DWARF version (8-byte addresses) whose DW_AT_stmt_list is 0 and
 * whose DW_AT_comp_dir is "/work", its .debug_abbrev, and the fuzzed section.
 */
final class FixedUnit {
    private FixedUnit() {
    }

    /** The unit's sections plus {@code extra} (name, contents) pairs. */
    static DebugSections sections(int version, byte[] debugLine, Object... extra) {
        Map<String, ByteBuffer> sections = new HashMap<>();
        // abbrev 1: DW_TAG_compile_unit, no children, DW_AT_stmt_list sec_offset (data4 before
        // DWARF 4), DW_AT_comp_dir string.
        int stmtForm = version >= 4 ? 0x17 : 0x06;
        byte[] abbrev = {1, 0x11, 0, 0x10, (byte) stmtForm, 0x1b, 0x08, 0, 0, 0};
        ByteArrayOutputStream die = new ByteArrayOutputStream();
        die.write(1);
        die.writeBytes(new byte[] {0, 0, 0, 0});
        die.writeBytes("/work\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        ByteBuffer info = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        int headerRest = version >= 5 ? 8 : 7;
        info.putInt(headerRest + die.size()).putShort((short) version);
        if (version >= 5) {
            info.put((byte) 1).put((byte) 8).putInt(0);
        } else {
            info.putInt(0).put((byte) 8);
        }
        info.put(die.toByteArray()).flip();
        sections.put(".debug_info", info);
        sections.put(".debug_abbrev", ByteBuffer.wrap(abbrev));
        sections.put(".debug_line", ByteBuffer.wrap(debugLine));
        for (int i = 0; i + 1 < extra.length; i += 2) {
            sections.put((String) extra[i], ByteBuffer.wrap((byte[]) extra[i + 1]));
        }
        return new MapSections("fuzz-unit", ElfFile.EM_X86_64, ByteOrder.LITTLE_ENDIAN, sections);
    }
}
