package org.gpumem.fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.aspace.AddressSpaceRegistry;
import org.gpumem.dwarf.aspace.Producer;
import org.gpumem.dwarf.aspace.DeviceFamily;
import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.elf.ElfSection;
import org.gpumem.dwarf.expr.BaseTypeNames;
import org.gpumem.dwarf.expr.EvaluationContext;
import org.gpumem.dwarf.expr.Evaluator;
import org.gpumem.dwarf.expr.Expression;
import org.gpumem.dwarf.expr.ExpressionDecoder;
import org.gpumem.dwarf.expr.LocationDescription;
import org.gpumem.dwarf.expr.LocationSummary;
import org.gpumem.dwarf.expr.RegisterNames;
import org.gpumem.dwarf.info.CallFrameInfo;
import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.ElfDebugSections;
import org.gpumem.dwarf.info.LineTable;
import org.gpumem.dwarf.info.Unit;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.ptx.PtxDebugSections;
import org.gpumem.dwarf.variables.DwarfStatistics;
import org.gpumem.dwarf.variables.VariableLister;

/**
 * The fuzz targets of the DWARF bundle. Each runs one input through a parser and everything the
 * CLI does with what it decodes; {@link org.gpumem.dwarf.io.InputFormatException} is the declared
 * failure (the caller, {@link FuzzTargets}, lets it pass), anything else is a finding.
 */
final class DwarfTargets {
    private DwarfTargets() {
    }

    /** ELF headers, sections (decompression included), symbols, relocations, then its DWARF. */
    static void elf(byte[] input) {
        ElfFile elf = ElfFile.parse("fuzz.elf", ByteBuffer.wrap(input));
        for (ElfSection s : elf.sections()) {
            elf.data(s);
            if (s.isRelocation()) {
                elf.relocations(s);
                elf.symbolsFor(s);
            }
        }
        elf.symbols().forEach(elf::symbolName);
        DwarfFile dwarf = new DwarfFile(new ElfDebugSections(elf));
        new VariableLister(dwarf).forEach(v -> v.location());
    }

    /** Units of .debug_info and .debug_types: every DIE, every attribute, the variable listing, the statistics. */
    static void units(byte[] input) {
        DwarfFile dwarf = new DwarfFile(SectionBundle.decode(input));
        for (Unit u : dwarf.units()) {
            walk(u);
        }
        for (Unit u : dwarf.typeSectionUnits()) {
            walk(u);
        }
        new VariableLister(dwarf).forEach(v -> v.location());
        DwarfStatistics.compute(dwarf, AddressSpaceEncodings.DEFAULTS, 1);
    }

    private static void walk(Unit u) {
        u.producer();
        DieCursor c = u.cursor();
        while (c.next()) {
            if (c.abbrev() == null) {
                continue;
            }
            for (int i = 0; i < c.attributeCount(); i++) {
                if (c.isBlock(i)) {
                    c.block(i);
                } else if (c.isListReference(i)) {
                    c.listOffset(i);
                } else if (c.isConstant(i)) {
                    c.unsigned(i);
                }
            }
            c.string(org.gpumem.dwarf.info.DwAt.NAME);
        }
    }

    /**
     * A .debug_line table, read through the one unit of a fixed .debug_info whose
     * DW_AT_stmt_list is 0: header, file names, every row. The first input byte picks the unit's
     * DWARF version (2 to 5), the rest is the section.
     */
    static void lineTable(byte[] input) {
        int version = 2 + (input.length > 0 ? (input[0] & 0xff) % 4 : 0);
        byte[] line = input.length > 0 ? java.util.Arrays.copyOfRange(input, 1, input.length) : input;
        DwarfFile dwarf = new DwarfFile(FixedUnit.sections(version, line));
        LineTable t = dwarf.units().get(0).lineTable();
        if (t != null) {
            t.fileNames();
            for (int i = 0; i <= t.fileNames().size(); i++) {
                t.fileName(i, "/work");
                t.shortFileName(i);
            }
            t.rows();
        }
    }

    /** .debug_frame (even first byte) or .eh_frame (odd), 4- or 8-byte addresses: every FDE and its CFA rules. */
    static void callFrames(byte[] input) {
        boolean eh = input.length > 0 && (input[0] & 1) != 0;
        int addressSize = input.length > 0 && (input[0] & 2) != 0 ? 4 : 8;
        byte[] frames = input.length > 0 ? java.util.Arrays.copyOfRange(input, 1, input.length) : input;
        DwarfFile dwarf = new DwarfFile(FixedUnit.sections(4, new byte[0], eh ? DwarfFile.EH_FRAME : DwarfFile.DEBUG_FRAME, frames));
        CallFrameInfo cfi = eh ? CallFrameInfo.ehFrame(dwarf, addressSize) : CallFrameInfo.debugFrame(dwarf, addressSize);
        for (CallFrameInfo.Fde f : cfi.fdes()) {
            cfi.cfaAt(f, f.low());
            cfi.cfaAt(f, f.low() + (f.high() - f.low()) / 2);
        }
    }

    /**
     * A location expression: header byte (DWARF version, address size, offset size, operand
     * order, machine), then the operations. Decoded, printed, summarised and evaluated against
     * a context that reads zeros.
     */
    static void expression(byte[] input) {
        int h = input.length > 0 ? input[0] & 0xff : 0;
        int version = 2 + (h & 3);
        int addressSize = (h & 4) != 0 ? 4 : 8;
        int offsetSize = (h & 8) != 0 ? 8 : 4;
        boolean memOffsetOnTop = (h & 16) != 0;
        DeviceFamily target = (h & 32) != 0 ? DeviceFamily.AMDGPU : DeviceFamily.NVIDIA;
        byte[] ops = input.length > 0 ? java.util.Arrays.copyOfRange(input, 1, input.length) : input;
        AddressSpaceNumbering numbering = AddressSpaceRegistry.numbering(target, Producer.parse(
                target == DeviceFamily.AMDGPU ? "clang version 22.0.0" : "NVIDIA CUDA"), addressSize);
        ExpressionDecoder decoder = new ExpressionDecoder(AddressSpaceEncodings.DEFAULTS, version, addressSize, offsetSize);
        Expression e = decoder.decode(new ByteReader("fuzz", ".debug_info", ByteBuffer.wrap(ops).order(ByteOrder.LITTLE_ENDIAN)));
        e.format(target == DeviceFamily.AMDGPU ? RegisterNames.forMachine(ElfFile.EM_AMDGPU) : RegisterNames.PTX, BaseTypeNames.UNRESOLVED);
        LocationSummary.of(e, numbering, numbering.defaultSpace(), memOffsetOnTop);
        LocationDescription l = new Evaluator(new ZeroContext(numbering), memOffsetOnTop).evaluate(e);
        l.toString();
    }

    /** nvcc -G PTX text: its debug sections assembled, then listed as the CLI lists them. */
    static void ptxDwarf(byte[] input) {
        PtxDebugSections ptx = PtxDebugSections.assemble("fuzz.ptx", new String(input, StandardCharsets.UTF_8));
        DwarfFile dwarf = new DwarfFile(ptx, org.gpumem.dwarf.info.SymbolLayout.NONE);
        new VariableLister(dwarf).forEach(v -> v.location());
        DwarfStatistics.compute(dwarf, AddressSpaceEncodings.DEFAULTS, 1);
    }

    /** Every run-time input reads as zero, as a stopped program with cleared registers would give. */
    private record ZeroContext(AddressSpaceNumbering numbering) implements EvaluationContext {
        @Override
        public long readRegister(long dwarfRegister) {
            return 0;
        }

        @Override
        public long readMemory(LocationDescription.Memory location, int size) {
            return 0;
        }

        @Override
        public long currentLane() {
            return 3;
        }

        @Override
        public long callFrameAddress() {
            return 0x1000;
        }
    }
}
