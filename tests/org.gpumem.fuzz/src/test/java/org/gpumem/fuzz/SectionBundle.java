package org.gpumem.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.info.DebugSections;

/**
 * A fuzz input holding DWARF sections, so that the fuzzer mutates section contents rather than
 * ELF headers: {@code u8 machine choice, u8 byte order, then (u8 section id, u32 length, bytes)*}.
 * Lengths past the end are cut to what is left, so every input decodes to some bundle.
 */
final class SectionBundle {
    static final List<String> NAMES = List.of(".debug_info", ".debug_abbrev", ".debug_str", ".debug_line",
            ".debug_loc", ".debug_loclists", ".debug_ranges", ".debug_rnglists", ".debug_addr", ".debug_str_offsets",
            ".debug_types", ".debug_line_str", ".debug_frame", ".eh_frame");
    static final int[] MACHINES = {ElfFile.EM_CUDA, ElfFile.EM_AMDGPU, ElfFile.EM_X86_64, ElfFile.EM_386};

    private SectionBundle() {
    }

    static DebugSections decode(byte[] input) {
        ByteBuffer in = ByteBuffer.wrap(input).order(ByteOrder.LITTLE_ENDIAN);
        int m = in.hasRemaining() ? in.get() & 0xff : 0;
        int o = in.hasRemaining() ? in.get() & 0xff : 0;
        ByteOrder order = (o & 1) == 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        Map<String, ByteBuffer> sections = new LinkedHashMap<>();
        while (in.remaining() >= 5) {
            String name = NAMES.get((in.get() & 0xff) % NAMES.size());
            int length = (int) Math.min(in.getInt() & 0xffffffffL, in.remaining());
            ByteBuffer data = ByteBuffer.allocate(length).order(order);
            in.get(data.array(), 0, length);
            sections.putIfAbsent(name, data);
        }
        return new MapSections("fuzz-bundle", MACHINES[m % MACHINES.length], order, sections);
    }

    /** The bundle of {@code source}'s sections that are listed in {@link #NAMES}. */
    static byte[] encode(DebugSections source) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int m = 0;
        for (int i = 0; i < MACHINES.length; i++) {
            if (MACHINES[i] == source.machine()) {
                m = i;
            }
        }
        out.write(m);
        out.write(source.order() == ByteOrder.BIG_ENDIAN ? 1 : 0);
        for (int id = 0; id < NAMES.size(); id++) {
            ByteBuffer s = source.section(NAMES.get(id));
            if (s == null) {
                continue;
            }
            byte[] bytes = new byte[s.remaining()];
            s.duplicate().get(bytes);
            out.write(id);
            out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(bytes.length).array());
            out.writeBytes(bytes);
        }
        return out.toByteArray();
    }
}
