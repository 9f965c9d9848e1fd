package org.gpumem.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.info.DebugSections;
import org.gpumem.dwarf.info.SymbolLayout;

/**
 * A fuzz input holding DWARF sections, so that the fuzzer mutates section contents rather than
 * ELF headers: {@code u8 machine choice, u8 byte order, then (u8 section id, u32 length, bytes)*}.
 * Lengths past the end are cut to what is left, so every input decodes to some bundle.
 */
final class SectionBundle implements DebugSections {
    static final List<String> NAMES = List.of(".debug_info", ".debug_abbrev", ".debug_str", ".debug_line",
            ".debug_loc", ".debug_loclists", ".debug_ranges", ".debug_rnglists", ".debug_addr", ".debug_str_offsets",
            ".debug_types", ".debug_line_str", ".debug_frame", ".eh_frame");
    static final int[] MACHINES = {ElfFile.EM_CUDA, ElfFile.EM_AMDGPU, ElfFile.EM_X86_64, ElfFile.EM_386};

    private final int machine;
    private final ByteOrder order;
    private final Map<String, ByteBuffer> sections = new LinkedHashMap<>();

    private SectionBundle(int machine, ByteOrder order) {
        this.machine = machine;
        this.order = order;
    }

    static SectionBundle decode(byte[] input) {
        ByteBuffer in = ByteBuffer.wrap(input).order(ByteOrder.LITTLE_ENDIAN);
        int m = in.hasRemaining() ? in.get() & 0xff : 0;
        int o = in.hasRemaining() ? in.get() & 0xff : 0;
        SectionBundle b = new SectionBundle(MACHINES[m % MACHINES.length], (o & 1) == 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        while (in.remaining() >= 5) {
            String name = NAMES.get((in.get() & 0xff) % NAMES.size());
            int length = (int) Math.min(in.getInt() & 0xffffffffL, in.remaining());
            ByteBuffer data = ByteBuffer.allocate(length).order(b.order);
            in.get(data.array(), 0, length);
            b.sections.putIfAbsent(name, data);
        }
        return b;
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

    @Override
    public String fileName() {
        return "fuzz-bundle";
    }

    @Override
    public ByteOrder order() {
        return order;
    }

    @Override
    public ByteBuffer section(String name) {
        ByteBuffer b = sections.get(name);
        return b == null ? null : b.duplicate().order(order);
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
        return machine;
    }
}
