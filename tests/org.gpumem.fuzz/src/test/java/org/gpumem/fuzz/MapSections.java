package org.gpumem.fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.info.DebugSections;
import org.gpumem.dwarf.info.SymbolLayout;

/** Debug sections held in memory by name, without relocations or symbols: what the fuzz inputs and synthetic tests decode to. */
record MapSections(String fileName, int machine, ByteOrder order, Map<String, ByteBuffer> sections) implements DebugSections {

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
}
