package org.gpumem.sim.debug;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.aspace.AddressSpaceEncodings;
import org.gpumem.dwarf.aspace.AddressSpaceNumbering;
import org.gpumem.dwarf.aspace.AddressSpaceRegistry;
import org.gpumem.dwarf.aspace.NumberKind;
import org.gpumem.dwarf.aspace.Producer;
import org.gpumem.dwarf.aspace.DeviceFamily;
import org.gpumem.dwarf.expr.Evaluator;
import org.gpumem.dwarf.expr.Expression;
import org.gpumem.dwarf.expr.ExpressionDecoder;
import org.gpumem.dwarf.expr.LocationDescription;
import org.gpumem.dwarf.expr.LocationList;
import org.gpumem.dwarf.info.DieCursor;
import org.gpumem.dwarf.info.DwAt;
import org.gpumem.dwarf.info.DwAte;
import org.gpumem.dwarf.info.DwTag;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.ListEntry;
import org.gpumem.dwarf.info.Lists;
import org.gpumem.dwarf.info.Section;
import org.gpumem.dwarf.info.Unit;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.dwarf.variables.TypeNames;
import org.gpumem.images.DwarfOpener;
import org.gpumem.sim.LoadedModule;
import org.gpumem.sim.MemoryAccessException;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.ptx.PtxModule;

/**
 * Binds the variables of a simulator frame to simulator storage, from the DWARF that nvcc -G
 * embeds in the PTX ({@link org.gpumem.dwarf.ptx.PtxDebugSections}, its relocations resolved against
 * {@link DeviceModule#symbolLayout()}).
 * <p>
 * The DIEs are read once, when the binder is made: each variable and parameter of each
 * subprogram (lexical blocks included) with its type decoded from the DIE chain, its address
 * space attribute and its decoded location expression or location list. Binding a frame
 * evaluates those with the dwarf bundle's {@link Evaluator} over a {@link SimEvaluationContext}
 * of the frame and lane, choosing the location-list entry by the frame's instruction index
 * (the layout places labels there), and reads the value from the location found.
 * Bind only while the session is suspended, on the session's thread.
 */
public final class FrameVariables {
    private static final int MAX_TYPE_DEPTH = 24;
    private static final int MAX_DIE_DEPTH = 4096;
    private static final long MAX_VALUE_BYTES = 1 << 24;

    /** A variable as declared, with what binding needs decoded in advance. */
    private record Declared(String name, VariableType type, boolean parameter, String declFile, long declLine,
            org.gpumem.dwarf.aspace.DwarfAddressSpace attributeSpace, boolean memOffsetOnTop, Expression expression,
            LocationList list, byte[] constant, String problem) {
    }

    private final Map<String, List<Declared>> byFunction = new LinkedHashMap<>();
    private final String problem;

    /** Reads the DWARF of {@code loaded}; a module without it, or with unreadable DWARF, binds nothing and says why. */
    public FrameVariables(LoadedModule loaded) {
        DeviceModule module = DeviceModule.of(loaded);
        PtxModule ptx = module.module();
        String why = null;
        if (ptx.debugSections().isEmpty()) {
            why = "the PTX has no DWARF (compile with nvcc -G)";
        } else {
            try {
                DwarfFile dwarf = DwarfOpener.openPtx(ptx.name(), ptx.text(), module.symbolLayout());
                TypeNames names = new TypeNames(dwarf);
                for (Unit u : dwarf.units()) {
                    readUnit(dwarf, names, u);
                }
            } catch (InputFormatException e) {
                why = "cannot read the DWARF of " + ptx.name() + ": " + e.getMessage();
            }
        }
        this.problem = why;
    }

    /** Why this module's variables cannot be bound, or null. */
    public String problem() {
        return problem;
    }

    /**
     * The variables of frame {@code level} of {@code warp} (0 = the kernel), in declaration
     * order, bound for {@code lane}.
     *
     * @throws IllegalStateException when the module has no usable DWARF ({@link #problem()})
     */
    public List<FrameVariable> bind(ControlledLaunch session, WarpView warp, int level, int lane) {
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
        SimEvaluationContext context = new SimEvaluationContext(session, warp, level, lane);
        List<FrameVariable> out = new ArrayList<>();
        for (Declared d : declaredIn(warp.function(level))) {
            out.add(bind(d, session, warp, level, lane, context));
        }
        return out;
    }

    /** DWARF names functions by source or linkage name; PTX by the mangled one (_Z + length + name + ...). */
    private List<Declared> declaredIn(String ptxName) {
        List<Declared> exact = byFunction.get(ptxName);
        if (exact != null) {
            return exact;
        }
        for (Map.Entry<String, List<Declared>> e : byFunction.entrySet()) {
            String n = e.getKey();
            if (ptxName.startsWith("_Z" + n.length() + n)) {
                return e.getValue();
            }
        }
        return List.of();
    }

    private FrameVariable bind(Declared d, ControlledLaunch session, WarpView warp, int level, int lane,
            SimEvaluationContext context) {
        String spaceName = d.attributeSpace() != null ? d.attributeSpace().name() : null;
        if (d.problem() != null) {
            return unbound(d, spaceName, d.problem());
        }
        LocationDescription location;
        try {
            Evaluator evaluator = new Evaluator(context, d.memOffsetOnTop());
            org.gpumem.dwarf.aspace.DwarfAddressSpace valueSpace = d.attributeSpace() != null ? d.attributeSpace()
                    : context.numbering().defaultSpace();
            if (d.expression() != null) {
                location = evaluator.evaluate(d.expression(), valueSpace);
            } else if (d.list() != null) {
                location = evaluator.evaluate(d.list(), warp.pc(level), valueSpace);
                if (location instanceof LocationDescription.Undefined) {
                    return unbound(d, spaceName, "not live here");
                }
            } else if (d.constant() != null) {
                location = new LocationDescription.ImplicitValue(d.constant());
            } else {
                return unbound(d, spaceName, "optimized out");
            }
        } catch (InputFormatException | MemoryAccessException e) {
            return unbound(d, spaceName, "cannot evaluate the location: " + e.getMessage());
        }
        long size = d.type().byteSize();
        if (size > MAX_VALUE_BYTES) {
            return unbound(d, spaceName, "type " + d.type().name() + " is too large to show");
        }
        if (location instanceof LocationDescription.Memory m) {
            PtxStateSpace space = SimEvaluationContext.stateSpace(m.space());
            if (space == null || space == PtxStateSpace.GENERIC) {
                return unbound(d, spaceName, "location " + m + " not bound to simulator storage");
            }
            long offset = m.offset() + (space == PtxStateSpace.LOCAL ? warp.frameLocalBase(level) : 0);
            FrameVariable.Memory storage = new FrameVariable.Memory(space, offset);
            String name = spaceName != null ? spaceName : space.ptxName();
            try {
                byte[] bytes = session.read(space, offset, (int) size, warp, lane);
                return new FrameVariable(d.name(), d.type(), d.parameter(), d.declFile(), d.declLine(), name, storage,
                        bytes, null);
            } catch (MemoryAccessException | IllegalArgumentException e) {
                return new FrameVariable(d.name(), d.type(), d.parameter(), d.declFile(), d.declLine(), name, storage,
                        null, e.getMessage());
            }
        }
        if (location instanceof LocationDescription.Register r) {
            String register = SimEvaluationContext.registerName(r.number());
            FrameVariable.Register storage = new FrameVariable.Register(register);
            if (!warp.hasRegister(level, register)) {
                return new FrameVariable(d.name(), d.type(), d.parameter(), d.declFile(), d.declLine(), spaceName,
                        storage, null, "register " + register + " not in " + warp.function(level));
            }
            if (size > 8 || r.bitOffset() != 0) {
                return new FrameVariable(d.name(), d.type(), d.parameter(), d.declFile(), d.declLine(), spaceName,
                        storage, null, "a " + size + "-byte " + d.type().name() + " does not fit register " + register);
            }
            long bits = context.readRegister(r.number());
            byte[] bytes = new byte[(int) size];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) (bits >>> (8 * i));
            }
            return new FrameVariable(d.name(), d.type(), d.parameter(), d.declFile(), d.declLine(), spaceName, storage,
                    bytes, null);
        }
        if (location instanceof LocationDescription.ImplicitValue v) {
            byte[] value = v.bytes();
            byte[] bytes = new byte[(int) size];
            System.arraycopy(value, 0, bytes, 0, Math.min(value.length, bytes.length));
            return new FrameVariable(d.name(), d.type(), d.parameter(), d.declFile(), d.declLine(), spaceName,
                    new FrameVariable.Value(), bytes, null);
        }
        if (location instanceof LocationDescription.Undefined) {
            return unbound(d, spaceName, "optimized out");
        }
        return unbound(d, spaceName, location.kind() + " location " + location + " not supported");
    }

    private static FrameVariable unbound(Declared d, String spaceName, String why) {
        return new FrameVariable(d.name(), d.type(), d.parameter(), d.declFile(), d.declLine(), spaceName, null, null,
                why);
    }

    // ------------------------------------------------------------------ reading the DIEs

    private void readUnit(DwarfFile dwarf, TypeNames names, Unit u) {
        Producer producer = Producer.parse(u.producer());
        AddressSpaceNumbering numbering = AddressSpaceRegistry.numbering(DeviceFamily.fromElfMachine(dwarf.source().machine()),
                producer, u.addressSize());
        AddressSpaceEncodings encodings = AddressSpaceEncodings.DEFAULTS.forProducer(producer);
        ExpressionDecoder decoder = new ExpressionDecoder(encodings, u.version(), u.addressSize(), u.offsetSize());
        DieCursor c = u.cursor();
        List<List<Declared>> functionAt = new ArrayList<>();
        while (c.next()) {
            int depth = c.depth();
            if (c.abbrev() == null) {
                continue;
            }
            if (depth < 0 || depth > MAX_DIE_DEPTH) {
                throw c.fail("DIE nesting depth " + depth + " out of range");
            }
            while (functionAt.size() <= depth) {
                functionAt.add(null);
            }
            int tag = c.tag();
            functionAt.set(depth, depth > 0 ? functionAt.get(depth - 1) : null);
            if (tag == DwTag.SUBPROGRAM || tag == DwTag.INLINED_SUBROUTINE) {
                functionAt.set(depth, variablesOf(functionNames(dwarf, c, 0)));
            } else if (tag == DwTag.SUBROUTINE_TYPE) {
                c.skipChildren();
            } else if ((tag == DwTag.VARIABLE || tag == DwTag.FORMAL_PARAMETER) && depth > 0
                    && functionAt.get(depth - 1) != null) {
                functionAt.get(depth - 1).add(declared(dwarf, names, u, c, numbering, encodings, decoder));
            }
        }
    }

    /** One list per function, reachable by each of its names. */
    private List<Declared> variablesOf(List<String> functionNames) {
        List<Declared> list = null;
        for (String n : functionNames) {
            list = list == null ? byFunction.get(n) : list;
        }
        if (list == null) {
            list = new ArrayList<>();
        }
        for (String n : functionNames) {
            byFunction.putIfAbsent(n, list);
        }
        return list;
    }

    /** Linkage names (PTX names functions by them) and the source name, from the DIE or its origin. */
    private static List<String> functionNames(DwarfFile dwarf, DieCursor c, int depth) {
        List<String> out = new ArrayList<>();
        for (int attribute : new int[] {DwAt.LINKAGE_NAME, DwAt.MIPS_LINKAGE_NAME, DwAt.NAME}) {
            String n = c.string(attribute);
            if (n != null) {
                out.add(n);
            }
        }
        for (int attribute : new int[] {DwAt.ABSTRACT_ORIGIN, DwAt.SPECIFICATION}) {
            long ref = c.referenceOf(attribute);
            if (out.isEmpty() && ref >= 0 && depth < MAX_TYPE_DEPTH) {
                out.addAll(functionNames(dwarf, dwarf.dieAt(ref), depth + 1));
            }
        }
        return out.isEmpty() ? List.of("<anonymous>") : out;
    }

    private Declared declared(DwarfFile dwarf, TypeNames names, Unit u, DieCursor c, AddressSpaceNumbering numbering,
            AddressSpaceEncodings encodings, ExpressionDecoder decoder) {
        boolean parameter = c.tag() == DwTag.FORMAL_PARAMETER;
        org.gpumem.dwarf.aspace.DwarfAddressSpace space = attributeSpace(c, numbering, encodings);
        Expression expression = null;
        LocationList list = null;
        byte[] constant = null;
        String why = null;
        long typeRef = c.referenceOf(DwAt.TYPE);
        String typeName = typeRef >= 0 ? names.name(typeRef) : "void";
        int loc = c.find(DwAt.LOCATION);
        int constValue = c.find(DwAt.CONST_VALUE);
        try {
            if (loc >= 0 && c.isListReference(loc)) {
                list = locationList(dwarf, u, c.listOffset(loc), decoder);
            } else if (loc >= 0 && c.isBlock(loc)) {
                expression = decoder.decode(u.section().reader().subAt(c.blockOffset(loc), c.block(loc).remaining()));
            } else if (loc >= 0) {
                why = "DW_AT_location of an unsupported form";
            } else if (constValue >= 0 && c.isBlock(constValue)) {
                java.nio.ByteBuffer b = c.block(constValue);
                constant = new byte[b.remaining()];
                b.duplicate().get(constant);
            } else if (constValue >= 0 && c.isConstant(constValue)) {
                long v = c.unsigned(constValue);
                constant = new byte[8];
                for (int i = 0; i < 8; i++) {
                    constant[i] = (byte) (v >>> (8 * i));
                }
            }
        } catch (InputFormatException e) {
            why = "cannot decode the location: " + e.getMessage();
        }
        String name = c.string(DwAt.NAME);
        long declFile = c.unsigned(DwAt.DECL_FILE, -1);
        long declLine = c.unsigned(DwAt.DECL_LINE, 0);
        long origin = c.referenceOf(DwAt.ABSTRACT_ORIGIN);
        if (origin < 0) {
            origin = c.referenceOf(DwAt.SPECIFICATION);
        }
        if (origin >= 0) {
            DieCursor o = dwarf.dieAt(origin);
            name = name != null ? name : o.string(DwAt.NAME);
            if (typeRef < 0) {
                typeRef = o.referenceOf(DwAt.TYPE);
                typeName = typeRef >= 0 ? names.name(typeRef) : typeName;
            }
            if (declFile < 0) {
                declFile = o.unsigned(DwAt.DECL_FILE, -1);
                declLine = o.unsigned(DwAt.DECL_LINE, 0);
            }
            space = space != null ? space : attributeSpace(o, numbering, encodings);
        }
        VariableType type = type(dwarf, typeName, typeRef, u.addressSize(), numbering);
        String file = declFile >= 0 ? u.declFileName(declFile) : null;
        return new Declared(name != null ? name : "<anonymous>", type, parameter, file, declLine, space,
                encodings.memOffsetOnTop(), expression, list, constant, why);
    }

    private static org.gpumem.dwarf.aspace.DwarfAddressSpace attributeSpace(DieCursor c, AddressSpaceNumbering numbering,
            AddressSpaceEncodings encodings) {
        for (int i = 0; i < c.attributeCount(); i++) {
            NumberKind kind = encodings.attributeKind(c.attribute(i));
            if (kind != null && c.isConstant(i)) {
                return numbering.resolve(kind, c.unsigned(i));
            }
        }
        return null;
    }

    private static LocationList locationList(DwarfFile dwarf, Unit u, long offset, ExpressionDecoder decoder) {
        Section s = dwarf.section(u.version() >= 5 ? DwarfFile.DEBUG_LOCLISTS : DwarfFile.DEBUG_LOC);
        List<LocationList.Entry> entries = new ArrayList<>();
        Expression fallback = null;
        for (ListEntry e : Lists.locationList(u, offset)) {
            Expression x = decoder.decode(s.reader().subAt(e.expressionOffset(), e.expression().remaining()));
            if (e.isDefault()) {
                fallback = x;
            } else {
                entries.add(new LocationList.Entry(e.low(), e.high(), x));
            }
        }
        return new LocationList(entries, fallback);
    }

    /** Follows typedefs, qualifiers and arrays to the element type; the name is the one {@link TypeNames} gives. */
    private static VariableType type(DwarfFile dwarf, String name, long ref, int addressSize,
            AddressSpaceNumbering numbering) {
        List<Long> dimensions = new ArrayList<>();
        for (int depth = 0; depth < MAX_TYPE_DEPTH && ref >= 0; depth++) {
            DieCursor t = dwarf.dieAt(ref);
            int tag = t.tag();
            switch (tag) {
                case DwTag.TYPEDEF, DwTag.CONST_TYPE, DwTag.VOLATILE_TYPE, DwTag.RESTRICT_TYPE, DwTag.ATOMIC_TYPE:
                    ref = t.referenceOf(DwAt.TYPE);
                    continue;
                case DwTag.ARRAY_TYPE:
                    ref = t.referenceOf(DwAt.TYPE);
                    extents(t, dimensions);
                    continue;
                case DwTag.POINTER_TYPE, DwTag.REFERENCE_TYPE, DwTag.RVALUE_REFERENCE_TYPE: {
                    long addressClass = t.unsigned(DwAt.ADDRESS_CLASS, -1);
                    PtxStateSpace pointee = addressClass >= 0
                            ? SimEvaluationContext.stateSpace(numbering.resolve(NumberKind.ADDRESS_CLASS, addressClass))
                            : null;
                    int size = (int) t.unsigned(DwAt.BYTE_SIZE, addressSize);
                    return new VariableType(name, VariableType.Encoding.POINTER, size, dimensions,
                            pointee != null ? pointee : PtxStateSpace.GENERIC);
                }
                case DwTag.BASE_TYPE: {
                    long size = t.unsigned(DwAt.BYTE_SIZE, -1);
                    VariableType.Encoding encoding = switch ((int) t.unsigned(DwAt.ENCODING, -1)) {
                        case DwAte.BOOLEAN -> VariableType.Encoding.BOOLEAN;
                        case DwAte.FLOAT -> size == 4 || size == 8 ? VariableType.Encoding.FLOAT : VariableType.Encoding.OTHER;
                        case DwAte.SIGNED, DwAte.SIGNED_CHAR -> VariableType.Encoding.SIGNED;
                        case DwAte.UNSIGNED, DwAte.UNSIGNED_CHAR, DwAte.UTF -> VariableType.Encoding.UNSIGNED;
                        default -> VariableType.Encoding.OTHER;
                    };
                    if (size < 1 || size > 8) {
                        encoding = VariableType.Encoding.OTHER;
                    }
                    return new VariableType(name, encoding, (int) Math.max(0, Math.min(size, 1 << 16)), dimensions, null);
                }
                default: {
                    long size = t.unsigned(DwAt.BYTE_SIZE, 0);
                    return new VariableType(name, VariableType.Encoding.OTHER, (int) Math.max(0, Math.min(size, 1 << 16)),
                            dimensions, null);
                }
            }
        }
        return new VariableType(name, VariableType.Encoding.OTHER, 0, dimensions, null);
    }

    /** Appends the known extents of an array type's subranges; unknown ones ({@code []}) count as one. */
    private static void extents(DieCursor array, List<Long> dimensions) {
        if (!array.abbrev().hasChildren()) {
            return;
        }
        int parentDepth = array.depth();
        while (array.next()) {
            if (array.abbrev() == null) {
                if (array.depth() <= parentDepth + 1) {
                    break;
                }
                continue;
            }
            if (array.depth() != parentDepth + 1) {
                continue;
            }
            if (array.tag() == DwTag.SUBRANGE_TYPE) {
                int count = array.find(DwAt.COUNT);
                int upper = array.find(DwAt.UPPER_BOUND);
                int lower = array.find(DwAt.LOWER_BOUND);
                long extent = -1;
                if (count >= 0 && array.isConstant(count)) {
                    extent = array.unsigned(count);
                } else if (upper >= 0 && array.isConstant(upper)) {
                    long lo = lower >= 0 && array.isConstant(lower) ? array.signed(lower) : 0;
                    extent = array.signed(upper) - lo + 1;
                }
                if (extent >= 0) {
                    dimensions.add(Math.min(extent, MAX_VALUE_BYTES + 1));
                }
            }
            array.skipChildren();
        }
    }
}
