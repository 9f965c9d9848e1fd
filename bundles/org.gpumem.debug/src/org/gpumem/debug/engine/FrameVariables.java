package org.gpumem.debug.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.dwarf.info.DwarfFile;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.dwarf.ptx.PtxDebugSections;
import org.gpumem.dwarf.variables.Variable;
import org.gpumem.dwarf.variables.VariableLister;
import org.gpumem.debug.engine.VariableValue.Element;
import org.gpumem.debug.engine.VariableValue.Encoding;
import org.gpumem.sim.exec.DeviceModule;
import org.gpumem.sim.exec.Warp;
import org.gpumem.sim.ptx.PtxFunction;
import org.gpumem.sim.ptx.PtxModule;

/**
 * The variables of a frame, from the DWARF that nvcc -G embeds in the PTX
 * ({@link PtxDebugSections}, {@link VariableLister}). The symbols the DWARF refers to are placed
 * where the simulator put them ({@link DeviceModule#symbolLayout()}): shared variables at their
 * shared offsets, local depots at their offsets in the function's local frame (the frame's local
 * base is added per activation), kernel parameters at their offsets in the parameter buffer,
 * code labels at their instruction index. Register variables (nvcc's address class 2,
 * {@code DW_OP_regx} with the PTX register name) are read from the lane's registers; for
 * location lists, the entry whose instruction range holds the frame's instruction.
 */
final class FrameVariables {
    private static final Pattern REGISTER = Pattern.compile("\\(\"(%[^\"]+)\"\\)");
    private static final Pattern ARRAY = Pattern.compile("\\[(\\d+)\\]");

    private final PtxModule module;
    private final SimulatorEngine engine;
    private final Map<String, List<Variable>> byFunction = new HashMap<>();
    private final String problem;

    FrameVariables(DeviceModule deviceModule, SimulatorEngine engine) {
        this.module = deviceModule.module();
        this.engine = engine;
        String why = null;
        if (module.debugSections().isEmpty()) {
            why = "the PTX has no DWARF (compile with nvcc -G)";
        } else {
            try {
                DwarfFile dwarf = new DwarfFile(PtxDebugSections.assemble(module.name(), module.text()),
                        deviceModule.symbolLayout());
                for (Variable v : new VariableLister(dwarf).list()) {
                    if (v.function() != null) {
                        byFunction.computeIfAbsent(v.function(), k -> new ArrayList<>()).add(v);
                    }
                }
            } catch (InputFormatException e) {
                why = "cannot read the DWARF of " + module.name() + ": " + e.getMessage();
            }
        }
        this.problem = why;
    }

    /** The variables of frame {@code level} of {@code w}, read for {@code lane}. */
    List<VariableValue> of(Warp w, WarpId id, int level, int lane) {
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        PtxFunction f = w.function(level);
        List<Variable> declared = declaredIn(f.name());
        List<VariableValue> out = new ArrayList<>();
        MemoryContext context = new MemoryContext(id, lane);
        for (Variable v : declared) {
            out.add(value(v, w, f, level, lane, context));
        }
        return out;
    }

    /** DWARF names functions by their source name; PTX by the mangled one (_Z + length + name + ...). */
    private List<Variable> declaredIn(String ptxName) {
        List<Variable> exact = byFunction.get(ptxName);
        if (exact != null) {
            return exact;
        }
        for (Map.Entry<String, List<Variable>> e : byFunction.entrySet()) {
            String n = e.getKey();
            if (ptxName.startsWith("_Z" + n.length() + n)) {
                return e.getValue();
            }
        }
        return List.of();
    }

    private VariableValue value(Variable v, Warp w, PtxFunction f, int level, int lane, MemoryContext context) {
        String type = v.type();
        Element element = element(type);
        int count = count(type);
        MemorySpace pointee = element.encoding() == Encoding.POINTER ? MemorySpace.GENERIC : null;
        Variable.LocationText loc = v.location();
        if (loc == null) {
            return new VariableValue(v.name(), type, v.parameter(), null, null, null, element, count, pointee, "optimized out");
        }
        if (element.encoding() == Encoding.OTHER) {
            return new VariableValue(v.name(), type, v.parameter(), null, null, null, element, count, pointee,
                    "type " + type + " is not decoded");
        }
        int size = element.size() * count;
        if ("memory".equals(loc.kind())) {
            MemorySpace space = v.space() == null ? null : MemorySpace.byName(v.space().name());
            if (space == null || loc.address() == null) {
                return new VariableValue(v.name(), type, v.parameter(), null, null, null, element, count, pointee,
                        "location " + loc.ops() + " not bound to simulator storage");
            }
            long offset = loc.address() + (space == MemorySpace.LOCAL ? w.frameLocalBase(level) : 0);
            VariableValue.Location location = new VariableValue.Location(space, context, offset);
            byte[] bytes = engine.read(space, context, offset, size);
            return new VariableValue(v.name(), type, v.parameter(), location, null, bytes, element, count, pointee, null);
        }
        String ops = loc.ops();
        if ("list".equals(loc.kind()) && loc.entries() != null) {
            ops = null;
            int pc = w.pc(level);
            for (Variable.ListEntryText e : loc.entries()) {
                if (pc >= e.low() && pc < e.high()) {
                    ops = e.ops();
                    break;
                }
            }
            if (ops == null) {
                return new VariableValue(v.name(), type, v.parameter(), null, null, null, element, count, pointee,
                        "not live here");
            }
        }
        Matcher m = ops == null ? null : REGISTER.matcher(ops);
        if (m != null && ops.startsWith("DW_OP_regx") && m.find() && count == 1) {
            String register = m.group(1);
            int index = f.registerIndex(register);
            if (index < 0) {
                return new VariableValue(v.name(), type, v.parameter(), null, register, null, element, count, pointee,
                        "register " + register + " not in " + f.name());
            }
            long bits = w.register(level, index, lane);
            byte[] bytes = new byte[size];
            for (int i = 0; i < size && i < 8; i++) {
                bytes[i] = (byte) (bits >>> (8 * i));
            }
            return new VariableValue(v.name(), type, v.parameter(), null, register, bytes, element, count, pointee, null);
        }
        return new VariableValue(v.name(), type, v.parameter(), null, null, null, element, count, pointee,
                "location " + ops + " not supported");
    }

    /** Element encoding and size from a C type name as the DWARF bundle prints it. */
    static Element element(String type) {
        String t = type.replaceAll("\\[\\d*\\]", "").replace("const ", "").replace("volatile ", "").trim();
        if (t.endsWith("*") || t.endsWith("&")) {
            return new Element(Encoding.POINTER, 8);
        }
        switch (t.toLowerCase(Locale.ROOT)) {
            case "bool":
                return new Element(Encoding.BOOLEAN, 1);
            case "char":
            case "signed char":
            case "int8_t":
                return new Element(Encoding.SIGNED, 1);
            case "unsigned char":
            case "uint8_t":
                return new Element(Encoding.UNSIGNED, 1);
            case "short":
            case "short int":
            case "int16_t":
                return new Element(Encoding.SIGNED, 2);
            case "unsigned short":
            case "unsigned short int":
            case "uint16_t":
                return new Element(Encoding.UNSIGNED, 2);
            case "int":
            case "signed int":
            case "int32_t":
                return new Element(Encoding.SIGNED, 4);
            case "unsigned int":
            case "unsigned":
            case "uint32_t":
                return new Element(Encoding.UNSIGNED, 4);
            case "long":
            case "long int":
            case "long long":
            case "long long int":
            case "int64_t":
                return new Element(Encoding.SIGNED, 8);
            case "unsigned long":
            case "long unsigned int":
            case "unsigned long long":
            case "long long unsigned int":
            case "size_t":
            case "uint64_t":
                return new Element(Encoding.UNSIGNED, 8);
            case "float":
                return new Element(Encoding.FLOAT, 4);
            case "double":
                return new Element(Encoding.FLOAT, 8);
            default:
                return new Element(Encoding.OTHER, 1);
        }
    }

    /** Product of the array extents of a type name ({@code int[4][2]} is 8), 1 for scalars. */
    static int count(String type) {
        Matcher m = ARRAY.matcher(type);
        long n = 1;
        while (m.find()) {
            n *= Long.parseLong(m.group(1));
            if (n > 1 << 24) {
                throw new IllegalArgumentException("array type " + type + " is too large to show");
            }
        }
        return (int) n;
    }
}
