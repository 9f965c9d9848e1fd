package org.gpumem.dwarf.variables;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;

import org.gpumem.dwarf.aspace.DwarfAddressSpace;
import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.aspace.AddressSpaceRegistry;
import org.gpumem.dwarf.aspace.NumberKind;
import org.gpumem.dwarf.aspace.Producer;
import org.gpumem.dwarf.aspace.DeviceFamily;
import org.gpumem.dwarf.expr.Evaluator;
import org.gpumem.dwarf.expr.Expression;
import org.gpumem.dwarf.expr.ExpressionDecoder;
import org.gpumem.dwarf.expr.ContextBinding;
import org.gpumem.dwarf.expr.LocationDescription;
import org.gpumem.dwarf.expr.LocationSummary;
import org.gpumem.dwarf.expr.OpcodeTable;
import org.gpumem.dwarf.expr.RegisterNames;
import org.gpumem.dwarf.expr.UnitBaseTypes;
import org.gpumem.dwarf.info.DebugSections.Relocation;
import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwAt;
import org.gpumem.dwarf.info.DwTag;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.ListEntry;
import org.gpumem.dwarf.info.Lists;
import org.gpumem.dwarf.info.Section;
import org.gpumem.dwarf.info.Unit;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.dwarf.variables.DwarfVariable.ListEntryText;
import org.gpumem.dwarf.variables.DwarfVariable.LocationText;
import org.gpumem.dwarf.variables.DwarfVariable.SpaceRef;

/**
 * Lists every variable and formal parameter of a {@link DwarfFile} (globals, locals, parameters
 * of subprograms and inlined subroutines; not the parameters of subroutine types), with type
 * name, declaration, address space and location description.
 * <p>
 * The address space is taken from the DIE's own address-space attributes (DW_AT_address_class,
 * DW_AT_address_space, DW_AT_LLVM_address_space, DW_AT_LLVM_memory_space), read in the numbering
 * the unit's producer uses ({@link AddressSpaceRegistry}); failing that, from the memory location
 * the location expression evaluates to.
 */
public final class VariableLister {
    private static final int MAX_DEPTH = 4096;
    private final DwarfFile dwarf;
    private final AddressSpaceEncodings encodings;
    /**
     * Per depth of the DIE walk: enclosing function, tag, frame-base DIE. Every entry read at a
     * depth was written by the walk of the same unit, so the arrays serve all units.
     */
    private String[] functionAt = new String[64];
    private int[] tagAt = new int[64];
    private long[] frameBaseAt = new long[64];
    /** Opcode tables by encodings: units of one producer share one, instead of building a table per unit. */
    private final java.util.Map<AddressSpaceEncodings, OpcodeTable> opcodeTables = new java.util.HashMap<>();
    private final TypeNames types;

    public VariableLister(DwarfFile dwarf) {
        this(dwarf, AddressSpaceEncodings.DEFAULTS);
    }

    public VariableLister(DwarfFile dwarf, AddressSpaceEncodings encodings) {
        this.dwarf = dwarf;
        this.encodings = encodings;
        this.types = new TypeNames(dwarf);
    }

    /** All variables, in DIE order. */
    public List<DwarfVariable> list() {
        List<DwarfVariable> out = new ArrayList<>();
        forEach(out::add);
        return out;
    }

    public void forEach(Consumer<DwarfVariable> sink) {
        for (Unit u : dwarf.units()) {
            listUnit(u, sink);
        }
        for (Unit u : dwarf.typeSectionUnits()) {
            listUnit(u, sink);
        }
    }

    /** Per-unit decoding state. */
    private final class UnitState {
        final Unit unit;
        final AddressSpaceNumbering numbering;
        final AddressSpaceEncodings unitEncodings;
        final ExpressionDecoder decoder;
        final RegisterNames registers;
        final UnitBaseTypes baseTypes;
        final String unitName;
        /** The subprogram whose frame base {@link #frameBase} holds: its variables come one after another. */
        long frameBaseDie = -1;
        LocationDescription frameBase;
        /** Why {@link #frameBase} could not be read, or null: a location that uses it says so. */
        InputFormatException frameBaseFailure;

        UnitState(Unit u) {
            this.unit = u;
            Producer producer = Producer.parse(u.producer());
            DeviceFamily target = DeviceFamily.fromElfMachine(dwarf.source().machine());
            this.numbering = AddressSpaceRegistry.numbering(target, producer, u.addressSize());
            this.unitEncodings = encodings.forProducer(producer);
            this.decoder = new ExpressionDecoder(opcodeTables.computeIfAbsent(unitEncodings, OpcodeTable::new), u.version(),
                    u.addressSize(), u.offsetSize());
            RegisterNames byMachine = RegisterNames.forMachine(dwarf.source().machine());
            this.registers = byMachine == RegisterNames.NONE && producer.kind() == Producer.Kind.NVIDIA ? RegisterNames.PTX
                    : byMachine;
            this.baseTypes = new UnitBaseTypes(u);
            this.unitName = u.name();
        }
    }

    private void listUnit(Unit u, Consumer<DwarfVariable> sink) {
        // Built at the unit's first variable: a unit without variables (many are, some inputs
        // have hundreds of thousands) then costs its DIE walk only.
        UnitState st = null;
        DieCursor c = u.cursor();
        String[] functionAt = this.functionAt;
        int[] tagAt = this.tagAt;
        long[] frameBaseAt = this.frameBaseAt;
        while (c.next()) {
            int depth = c.depth();
            if (depth < 0 || depth >= MAX_DEPTH) {
                throw c.fail("DIE nesting depth " + depth + " out of range");
            }
            if (c.abbrev() == null) {
                continue;
            }
            if (depth >= tagAt.length) {
                functionAt = this.functionAt = java.util.Arrays.copyOf(functionAt, depth * 2);
                tagAt = this.tagAt = java.util.Arrays.copyOf(tagAt, depth * 2);
                frameBaseAt = this.frameBaseAt = java.util.Arrays.copyOf(frameBaseAt, depth * 2);
            }
            int tag = c.tag();
            tagAt[depth] = tag;
            String parentFunction = depth > 0 ? functionAt[depth - 1] : null;
            long parentFrameBase = depth > 0 ? frameBaseAt[depth - 1] : -1;
            functionAt[depth] = parentFunction;
            frameBaseAt[depth] = parentFrameBase;
            if (tag == DwTag.SUBPROGRAM || tag == DwTag.INLINED_SUBROUTINE) {
                functionAt[depth] = functionName(c);
                if (c.find(DwAt.FRAME_BASE) >= 0) {
                    frameBaseAt[depth] = c.offset();
                }
            } else if (tag == DwTag.VARIABLE || tag == DwTag.FORMAL_PARAMETER) {
                int parentTag = depth > 0 ? tagAt[depth - 1] : 0;
                if (parentTag == DwTag.SUBROUTINE_TYPE) {
                    continue;
                }
                if (st == null) {
                    st = new UnitState(u);
                }
                sink.accept(variable(st, c, parentFunction, parentFrameBase));
            } else if (tag == DwTag.SUBROUTINE_TYPE) {
                // The parameters of function types are not variables.
                c.skipChildren();
            }
        }
    }

    private String functionName(DieCursor c) {
        String n = c.string(DwAt.NAME);
        if (n != null) {
            return n;
        }
        n = c.string(DwAt.LINKAGE_NAME);
        if (n != null) {
            return n;
        }
        for (int attr : new int[] {DwAt.ABSTRACT_ORIGIN, DwAt.SPECIFICATION}) {
            long ref = c.referenceOf(attr);
            if (ref >= 0) {
                DieCursor o = dwarf.dieAt(ref);
                String on = o.string(DwAt.NAME);
                if (on == null) {
                    long spec = o.referenceOf(DwAt.SPECIFICATION);
                    if (spec >= 0) {
                        on = dwarf.dieAt(spec).string(DwAt.NAME);
                    }
                }
                if (on != null) {
                    return on;
                }
            }
        }
        return "<anonymous>";
    }

    private DwarfVariable variable(UnitState st, DieCursor c, String function, long frameBaseDie) {
        Unit u = st.unit;
        long dieOffset = c.offset();
        String name = c.string(DwAt.NAME);
        String type = null;
        long declFile = c.unsigned(DwAt.DECL_FILE, -1);
        long declLine = c.unsigned(DwAt.DECL_LINE, 0);
        if (c.find(DwAt.TYPE) >= 0) {
            type = types.typeOf(c);
        }
        SpaceRef space = null;
        String spaceSource = null;
        DwarfAddressSpace attrSpace = null;
        for (int i = 0; i < c.attributeCount(); i++) {
            NumberKind kind = st.unitEncodings.attributeKind(c.attribute(i));
            if (kind != null && c.isConstant(i) || kind != null && c.form(i) == org.gpumem.dwarf.info.DwForm.FLAG) {
                long number = c.unsigned(i);
                attrSpace = st.numbering.resolve(kind, number);
                space = new SpaceRef(number, attrSpace.name(), st.numbering.name());
                spaceSource = st.unitEncodings.attributeName(c.attribute(i));
                break;
            }
        }
        int loc = c.find(DwAt.LOCATION);
        int constValue = c.find(DwAt.CONST_VALUE);
        LocationText location = null;
        LocationDescription evaluated = null;
        if (loc >= 0) {
            if (frameBaseDie >= 0 && frameBaseDie != st.frameBaseDie) {
                st.frameBaseFailure = null;
                try {
                    st.frameBase = frameBase(st, frameBaseDie);
                } catch (InputFormatException malformed) {
                    st.frameBase = null;
                    st.frameBaseFailure = malformed;
                }
                st.frameBaseDie = frameBaseDie;
            }
            FrameBase frameBase = frameBaseDie >= 0 ? new FrameBase(st.frameBase, st.frameBaseFailure) : FrameBase.NONE;
            if (c.isListReference(loc)) {
                long off = c.listOffset(loc);
                location = list(st, off, attrSpace, frameBase);
            } else if (c.isBlock(loc)) {
                long at = c.blockOffset(loc);
                int len = c.block(loc).remaining();
                Single s = single(st, u.section(), at, len, attrSpace, frameBase);
                location = s.text;
                evaluated = s.location;
            } else {
                throw c.fail("DW_AT_location has form " + org.gpumem.dwarf.info.DwForm.name(c.form(loc)));
            }
        } else if (constValue >= 0) {
            location = new LocationText("implicit", "DW_AT_const_value", null, null, List.of(), null, null);
        }
        // Names, types and declarations of inlined and out-of-line instances live in the origin.
        long origin = c.referenceOf(DwAt.ABSTRACT_ORIGIN);
        if (origin < 0) {
            origin = c.referenceOf(DwAt.SPECIFICATION);
        }
        if (origin >= 0 && (name == null || type == null || declFile < 0)) {
            DieCursor o = dwarf.dieAt(origin);
            if (name == null) {
                name = o.string(DwAt.NAME);
            }
            if (type == null && o.find(DwAt.TYPE) >= 0) {
                type = types.typeOf(o);
            }
            if (declFile < 0) {
                declFile = o.unsigned(DwAt.DECL_FILE, -1);
                declLine = o.unsigned(DwAt.DECL_LINE, 0);
            }
            if (space == null) {
                for (int i = 0; i < o.attributeCount(); i++) {
                    NumberKind kind = st.unitEncodings.attributeKind(o.attribute(i));
                    if (kind != null && o.isConstant(i)) {
                        long number = o.unsigned(i);
                        DwarfAddressSpace as = st.numbering.resolve(kind, number);
                        space = new SpaceRef(number, as.name(), st.numbering.name());
                        spaceSource = st.unitEncodings.attributeName(o.attribute(i));
                        break;
                    }
                }
            }
        }
        if (space == null && evaluated instanceof LocationDescription.Memory m) {
            space = new SpaceRef(m.space().id(), m.space().name(), st.numbering.name());
            spaceSource = "location";
        }
        String file = declFile >= 0 ? st.unit.declFileName(declFile) : null;
        return new DwarfVariable(st.unitName, function, name, c.tag() == DwTag.FORMAL_PARAMETER, dieOffset,
                type == null ? "void" : type, file, declLine, space, spaceSource, location);
    }

    /**
     * The subprogram's DW_AT_frame_base evaluated statically, or null when it has none.
     *
     * @throws InputFormatException when the expression is malformed
     */
    private LocationDescription frameBase(UnitState st, long subprogramDie) {
        DieCursor f = dwarf.dieAt(subprogramDie);
        int i = f.find(DwAt.FRAME_BASE);
        if (i < 0 || !f.isBlock(i)) {
            return null;
        }
        ByteReader r = st.unit.section().reader().subAt(f.blockOffset(i), f.block(i).remaining());
        Expression e = st.decoder.decode(r);
        StaticContext ctx = new StaticContext(dwarf, st.unit, st.numbering, st.registers, FrameBase.NONE);
        return new Evaluator(ctx, st.unitEncodings.memOffsetOnTop()).evaluate(e);
    }

    private record Single(LocationText text, LocationDescription location) {
    }

    private Single single(UnitState st, Section section, long at, int length, DwarfAddressSpace valueSpace, FrameBase frameBase) {
        ByteReader r = section.reader().subAt(at, length);
        String hex = HexFormat.of().formatHex(bytes(r.buffer()));
        List<String> symbols = symbols(section, at, at + length);
        if (length == 0) {
            return new Single(new LocationText("none", "", hex, null, symbols, null, null), LocationDescription.UNDEFINED);
        }
        Expression e;
        try {
            e = st.decoder.decode(r);
        } catch (InputFormatException ex) {
            return new Single(new LocationText("unknown", "", hex, null, symbols, null, ex.getMessage()), null);
        }
        String ops = e.format(st.registers, st.baseTypes);
        StaticContext ctx = new StaticContext(dwarf, st.unit, st.numbering, st.registers, frameBase);
        try {
            LocationDescription l = valueSpace != null
                    ? new Evaluator(ctx, st.unitEncodings.memOffsetOnTop()).evaluate(e, valueSpace)
                    : new Evaluator(ctx, st.unitEncodings.memOffsetOnTop()).evaluate(e);
            Long address = null;
            if (l instanceof LocationDescription.Memory m && !ctx.dynamic() && !symbolic(section, at, at + length)) {
                address = m.offset();
            }
            return new Single(new LocationText(l.kind(), ops, hex, address, symbols, null, null), l);
        } catch (InputFormatException ex) {
            // The evaluator needed something a file cannot give (a DWARF procedure, an entry
            // value...): the summary still tells the kind, and the space where constants name it.
            LocationSummary summary = LocationSummary.of(e, st.numbering,
                    valueSpace != null ? valueSpace : st.numbering.defaultSpace(), st.unitEncodings.memOffsetOnTop());
            LocationDescription l = summary.space() != null ? new LocationDescription.Memory(summary.space(), ContextBinding.DEVICE, 0) : null;
            return new Single(new LocationText(summary.kind(), ops, hex, null, symbols, null, ex.getMessage()), l);
        }
    }

    private LocationText list(UnitState st, long offset, DwarfAddressSpace valueSpace, FrameBase frameBase) {
        Unit u = st.unit;
        List<ListEntry> entries = Lists.locationList(u, offset);
        String sectionName = u.version() >= 5 ? DwarfFile.DEBUG_LOCLISTS : DwarfFile.DEBUG_LOC;
        Section s = dwarf.section(sectionName);
        List<ListEntryText> texts = new ArrayList<>();
        List<String> symbols = new ArrayList<>();
        StringBuilder ops = new StringBuilder();
        long end = offset + 1;
        for (ListEntry e : entries) {
            Single one = single(st, s, e.expressionOffset(), e.expression().remaining(), valueSpace, frameBase);
            String lowText = addressText(s, e.entryOffset(), e.low(), u.version() < 5);
            String highText = addressText(s, e.entryOffset() + u.addressSize(), e.high(), u.version() < 5);
            texts.add(new ListEntryText(e.low(), e.high(), lowText, highText, one.text.kind(), one.text.ops()));
            end = e.expressionOffset() + e.expression().remaining();
            if (ops.length() > 0) {
                ops.append("; ");
            }
            ops.append(e.isDefault() ? "default" : "[" + lowText + ", " + highText + ")")
                    .append(": ").append(one.text.ops());
        }
        symbols.addAll(symbols(s, offset, end));
        return new LocationText("list", ops.toString(), null, null, symbols, texts, null);
    }

    /** An address as hex, or as {@code symbol+addend} when it came from a relocation the layout left unplaced. */
    private static String addressText(Section s, long at, long value, boolean fixedPairs) {
        if (fixedPairs && s.symbolicAt(at)) {
            Relocation r = s.relocationAt(at);
            return r.symbol() + (r.addend() != 0 ? "+0x" + Long.toHexString(r.addend()) : "");
        }
        return "0x" + Long.toHexString(value);
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    private static List<String> symbols(Section s, long from, long to) {
        List<String> out = new ArrayList<>();
        for (Relocation r : s.relocationsIn(from, to)) {
            out.add(r.symbol() + (r.addend() != 0 ? "+0x" + Long.toHexString(r.addend()) : "")
                    + (s.symbolicAt(r.offset()) ? " (unplaced)" : ""));
        }
        return out;
    }

    private static boolean symbolic(Section s, long from, long to) {
        for (Relocation r : s.relocationsIn(from, to)) {
            if (s.symbolicAt(r.offset())) {
                return true;
            }
        }
        return false;
    }
}
