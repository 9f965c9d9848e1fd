package org.gpumem.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.info.DebugSections;
import org.gpumem.dwarf.info.SymbolLayout;

/**
 * Sections for targets that fuzz one section read through a unit: a .debug_info with one
 * compile unit of the given DWARF version (8-byte addresses) whose DW_AT_stmt_list is 0 and
 * whose DW_AT_comp_dir is "/work", its .debug_abbrev, and the fuzzed section.
 */
final class FixedUnit implements DebugSections {
    private final Map<String, ByteBuffer> sections = new HashMap<>();

    FixedUnit(int version, byte[] debugLine) {
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
    }

    FixedUnit with(String name, byte[] contents) {
        sections.put(name, ByteBuffer.wrap(contents));
        return this;
    }

    @Override
    public String fileName() {
        return "fuzz-unit";
    }

    @Override
    public ByteOrder order() {
        return ByteOrder.LITTLE_ENDIAN;
    }

    @Override
    public ByteBuffer section(String name) {
        ByteBuffer b = sections.get(name);
        return b == null ? null : b.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    @Override
    public List<Relocation> relocations(String name) {
        return List.of();
    }

    @Override
    public SymbolLayout definedSymbols() {
        return SymbolLayout.NONE;
    }

    @Override
    public int machine() {
        return ElfFile.EM_X86_64;
    }
}
