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
import org.gpumem.dwarf.info.DwTag;
import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.info.ListEntry;
import org.gpumem.dwarf.info.Lists;
import org.gpumem.dwarf.info.Section;
import org.gpumem.dwarf.info.Unit;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.dwarf.types.DwarfType;
import org.gpumem.dwarf.types.DwarfTypes;
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

    /**
     * Why a variable in a register of a frame that has run no instruction has no value: its CTA
     * has not started, or a device function was just entered (a step into it) and has not loaded
     * its parameters yet.
     */
    public static final String NOT_RUN_YET = "not live here: no instruction of this frame has run yet";

    /** A variable as declared, with what binding needs decoded in advance. */
    private record Declared(String name, VariableType type, boolean parameter, String declFile, long declLine,
            org.gpumem.dwarf.aspace.DwarfAddressSpace attributeSpace, boolean memOffsetOnTop, Expression expression,
            LocationList list, byte[] constant, String problem) {
    }

    private final Map<String, List<Declared>> byFunction = new LinkedHashMap<>();
    /** Variables declared at the top level of a unit: {@code __device__}, {@code __constant__}, file-scope {@code __shared__}. */
    private final List<Declared> globals = new ArrayList<>();
    private final DwarfTypes types;
    private final String problem;

    /** Reads the DWARF of {@code loaded}; a module without it, or with unreadable DWARF, binds nothing and says why. */
    public FrameVariables(LoadedModule loaded) {
        DeviceModule module = DeviceModule.of(loaded);
        PtxModule ptx = module.module();
        String why = null;
        DwarfTypes read = null;
        if (ptx.debugSections().isEmpty()) {
            why = "the PTX has no DWARF (compile with nvcc -G)";
        } else {
            try {
                DwarfFile dwarf = DwarfOpener.openPtx(ptx.name(), ptx.text(), module.symbolLayout());
                TypeNames names = new TypeNames(dwarf);
                read = new DwarfTypes(dwarf);
                for (Unit u : dwarf.units()) {
                    readUnit(dwarf, names, read, u);
                }
            } catch (InputFormatException e) {
                why = "cannot read the DWARF of " + ptx.name() + ": " + e.getMessage();
            }
        }
        this.types = why == null ? read : null;
        this.problem = why;
    }

    /**
     * The struct, union, class, enumeration, typedef or base type the module's DWARF names
     * {@code name} (what a cast in an expression names), or null; null too for a module
     * without usable DWARF.
     *
     * @throws InputFormatException where the type DIEs that name it do not read
     */
    public DwarfType namedType(String name) throws InputFormatException {
        return types == null ? null : types.named(name);
    }

    /**
     * The variable {@code name} as frame {@code level} of {@code warp} sees it, bound for
     * {@code lane}: a parameter or local of the frame's function (where several of that name
     * are declared, in lexical blocks, the first bound to a value), else a variable declared at
     * the top level of the module ({@code __device__}, {@code __constant__}); null when neither
     * declares it, and for a module without usable DWARF.
     */
    public FrameVariable bind(ControlledLaunch session, WarpView warp, int level, int lane, String name) {
        if (problem != null) {
            return null;
        }
        SimEvaluationContext context = new SimEvaluationContext(session, warp, level, lane);
        for (List<Declared> scope : List.of(declaredIn(warp.function(level)), globals)) {
            FrameVariable first = null;
            for (Declared d : scope) {
                if (d.name().equals(name)) {
                    FrameVariable v = bind(d, session, warp, level, lane, context);
                    if (v.problem() == null) {
                        return v;
                    }
                    first = first == null ? v : first;
                }
            }
            if (first != null) {
                return first;
            }
        }
        return null;
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
            if (!warp.hasRun(level)) {
                // nothing of this call has written the register yet: its bits are not the variable's
                return new FrameVariable(d.name(), d.type(), d.parameter(), d.declFile(), d.declLine(), spaceName,
                        storage, null, NOT_RUN_YET);
            }
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

    private void readUnit(DwarfFile dwarf, TypeNames names, DwarfTypes types, Unit u) {
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
                functionAt.get(depth - 1).add(declared(dwarf, names, types, u, c, numbering, encodings, decoder));
            } else if (tag == DwTag.VARIABLE && depth == 1) {
                globals.add(declared(dwarf, names, types, u, c, numbering, encodings, decoder));
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

    private Declared declared(DwarfFile dwarf, TypeNames names, DwarfTypes types, Unit u, DieCursor c,
            AddressSpaceNumbering numbering,
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
        VariableType type = VariableType.of(typeName, typeRef >= 0 ? types.type(typeRef) : new DwarfType.Void());
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
}
