package org.gpumem.sim.ptx;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.sim.memory.AddressSpace;

/**
 * Loads PTX text into a {@link PtxModule}: parses directives, declarations and instructions,
 * decodes every instruction into the interpreter's form, resolves labels and calls, computes
 * reconvergence points, and lays out local, param and shared memory. Anything the simulator
 * cannot execute is rejected here with file:line and the opcode, never at run time.
 */
public final class PtxLoader {
    /** Largest PTX text accepted (characters). */
    public static final long MAX_TEXT = 256L * 1024 * 1024;
    /** Most registers one function may declare (each costs 256 bytes per warp). */
    public static final int MAX_REGISTERS = 1 << 16;
    /** Largest variable accepted (bytes). */
    static final long MAX_VARIABLE = 1L << 31;

    private PtxLoader() {
    }

    /** Loads a PTX file (UTF-8 or ASCII text). */
    public static PtxModule load(Path file) throws IOException, PtxException {
        InputFiles.requireReadableFile(file, "PTX text");
        long size = Files.size(file);
        if (size > MAX_TEXT) {
            throw new PtxException(file.toString(), 1, null, "PTX file too large: " + size + " bytes");
        }
        return load(file.toString(), new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    }

    /** Loads PTX text; {@code name} is used in messages. */
    public static PtxModule load(String name, String text) throws PtxException {
        if (text.length() > MAX_TEXT) {
            throw new PtxException(name, 1, null, "PTX text too large: " + text.length() + " characters");
        }
        return new Parser(name, text).parseModule();
    }

    /** Operand as parsed, before decoding. */
    static final class Operand {
        static final int REG = 0, IMM = 1, SYM = 2, ADDR = 3, VEC = 4, PAIR = 5, LIST = 6, SINK = 7;
        int kind;
        String name;
        String text;
        boolean negated;
        long offset;
        Operand[] elems;
        String second;

        Operand(int kind) {
            this.kind = kind;
        }
    }

    /** What a name in a function body refers to. */
    static final class Symbol {
        static final int REGISTER = 0, FRAME_PARAM = 1, KERNEL_PARAM = 2, LOCAL = 3;
        final int kind;
        final int value;
        final int size;

        Symbol(int kind, int value, int size) {
            this.kind = kind;
            this.value = value;
            this.size = size;
        }
    }

    static final class Parser {
        private final String file;
        private final PtxLexer lx;
        private int p;
        private final PtxModule module;
        private final List<PtxFunction> functions = new ArrayList<>();
        private final Map<String, PtxFunction> functionsByName = new LinkedHashMap<>();
        private final List<PtxVariable> variables = new ArrayList<>();
        private final Map<String, PtxVariable> variablesByName = new LinkedHashMap<>();
        private final Map<Integer, String> files = new LinkedHashMap<>();
        private final List<DebugSection> debugSections = new ArrayList<>();
        private final Map<Instruction, String> pendingCalls = new LinkedHashMap<>();
        private final Map<Instruction, PtxFunction> callOwner = new HashMap<>();

        // per function
        private PtxFunction fn;
        private Deque<Map<String, Symbol>> scopes;
        private List<String> regNames;
        private List<ScalarType> regTypes;
        private List<Long> constValues;
        private List<String> constSyms;
        private List<Boolean> constGeneric;
        private Map<String, Integer> constIndex;
        private int paramFrame;
        private long localFrame;
        private SourceLocation loc;

        Parser(String file, String text) throws PtxException {
            this.file = file;
            this.lx = new PtxLexer(file, text);
            this.module = new PtxModule(file, text);
        }

        private PtxException error(String msg) {
            return new PtxException(file, lx.lines[Math.min(p, lx.count - 1)], null, msg);
        }

        private PtxException error(int line, String opcode, String msg) {
            return new PtxException(file, line, opcode, msg);
        }

        private String peek() {
            return lx.texts[p];
        }

        private boolean at(String s) {
            return lx.kinds[p] != PtxLexer.EOF && lx.texts[p].equals(s);
        }

        private String next() throws PtxException {
            if (lx.kinds[p] == PtxLexer.EOF) {
                throw error("unexpected end of file");
            }
            return lx.texts[p++];
        }

        private void expect(String s) throws PtxException {
            if (!at(s)) {
                throw error("expected '" + s + "' but found '" + peek() + "'");
            }
            p++;
        }

        private boolean accept(String s) {
            if (at(s)) {
                p++;
                return true;
            }
            return false;
        }

        private String word() throws PtxException {
            if (lx.kinds[p] != PtxLexer.WORD) {
                throw error("expected a name but found '" + peek() + "'");
            }
            return lx.texts[p++];
        }

        private long integer() throws PtxException {
            boolean neg = accept("-");
            String w = word();
            Long v = parseInteger(w);
            if (v == null) {
                throw error("expected an integer but found '" + w + "'");
            }
            return neg ? -v : v;
        }

        private void skipLine(int line) {
            while (lx.kinds[p] != PtxLexer.EOF && lx.lines[p] == line) {
                p++;
            }
        }

        private void skipStatement() throws PtxException {
            while (!at(";")) {
                next();
            }
            p++;
        }

        PtxModule parseModule() throws PtxException {
            boolean sawVersion = false;
            while (lx.kinds[p] != PtxLexer.EOF) {
                int line = lx.lines[p];
                String t = next();
                switch (t) {
                    case ".version":
                        module.version = word();
                        sawVersion = true;
                        break;
                    case ".target": {
                        List<String> items = new ArrayList<>();
                        items.add(word());
                        while (accept(",")) {
                            items.add(word());
                        }
                        module.target = items.get(0);
                        module.debugTarget = items.contains("debug");
                        break;
                    }
                    case ".address_size":
                        module.addressSize = (int) integer();
                        if (module.addressSize != 64 && module.addressSize != 32) {
                            throw error(line, null, "unsupported .address_size " + module.addressSize);
                        }
                        if (module.addressSize != 64) {
                            throw error(line, null, "only .address_size 64 is supported");
                        }
                        break;
                    case ".file": {
                        int idx = (int) integer();
                        if (lx.kinds[p] != PtxLexer.STRING) {
                            throw error("expected a file name string after .file " + idx);
                        }
                        files.put(idx, next());
                        skipLine(line);
                        break;
                    }
                    case ".section":
                        parseSection(line);
                        break;
                    case ".visible":
                    case ".weak":
                    case ".common":
                        break;
                    case ".extern":
                        if (at(".shared") || at(".global") || at(".const")) {
                            parseModuleVariable(next(), true, line);
                        }
                        break;
                    case ".entry":
                    case ".func":
                        parseFunction(t.equals(".entry"), line);
                        break;
                    case ".global":
                    case ".const":
                    case ".shared":
                        parseModuleVariable(t, false, line);
                        break;
                    case ".local":
                        throw error(line, null, "module-scope .local variables are not supported");
                    case ".pragma":
                    case ".alias":
                        skipStatement();
                        break;
                    case ";":
                        break;
                    default:
                        throw error(line, null, "unexpected '" + t + "' at module scope");
                }
            }
            if (!sawVersion) {
                throw new PtxException(file, 1, null, "not PTX: no .version directive");
            }
            for (Map.Entry<Instruction, String> e : pendingCalls.entrySet()) {
                Instruction in = e.getKey();
                PtxFunction callee = functionsByName.get(e.getValue());
                if (callee == null) {
                    throw error(in.line, in.opcode, "call to undeclared function " + e.getValue());
                }
                if (!callee.defined) {
                    throw error(in.line, in.opcode, "call to " + e.getValue()
                            + ", which has no body in this module (external functions such as vprintf are not supported)");
                }
                if (callee.entry) {
                    throw error(in.line, in.opcode, "call to kernel " + e.getValue());
                }
                if (in.argSizes.length != callee.params.size() || in.retSizes.length != callee.returns.size()) {
                    throw error(in.line, in.opcode, "call to " + callee.name + " passes " + in.argSizes.length
                            + " arguments and " + in.retSizes.length + " return values; it declares "
                            + callee.params.size() + " and " + callee.returns.size());
                }
                in.target = callee.index;
            }
            for (PtxFunction f : functions) {
                if (f.entry && !f.defined) {
                    throw error(f.line, null, "kernel " + f.name + " has no body");
                }
            }
            Map<SourceLocation, SourceLocation> resolved = new HashMap<>();
            for (PtxFunction f : functions) {
                for (Instruction in : f.instructions) {
                    if (in.location != null) {
                        in.location = resolved.computeIfAbsent(in.location, l -> new SourceLocation(
                                files.getOrDefault(Integer.parseInt(l.file()), l.file()), l.line(), l.column()));
                    }
                }
            }
            layoutShared();
            module.functions = List.copyOf(functions);
            module.functionsByName = Map.copyOf(functionsByName);
            module.variables = List.copyOf(variables);
            module.variablesByName = Map.copyOf(variablesByName);
            module.files = Map.copyOf(files);
            module.debugSections = List.copyOf(debugSections);
            return module;
        }

        private void layoutShared() {
            Map<String, Long> offsets = new LinkedHashMap<>();
            long off = 0;
            int maxAlign = 16;
            for (PtxVariable v : variables) {
                if (v.space() != AddressSpace.SHARED) {
                    continue;
                }
                maxAlign = Math.max(maxAlign, v.alignment());
                if (v.isDynamicShared()) {
                    continue;
                }
                off = (off + v.alignment() - 1) / v.alignment() * v.alignment();
                offsets.put(v.name(), off);
                off += v.size();
            }
            module.staticSharedBytes = off;
            module.dynamicSharedAlignment = maxAlign;
            long dyn = module.dynamicSharedOffset();
            for (PtxVariable v : variables) {
                if (v.isDynamicShared()) {
                    offsets.put(v.name(), dyn);
                }
            }
            module.sharedOffsets = Map.copyOf(offsets);
        }

        private void parseSection(int line) throws PtxException {
            String name = word();
            if (!at("{")) {
                throw error("expected '{' after .section " + name);
            }
            int open = p;
            int depth = 0;
            do {
                String t = next();
                if (t.equals("{") && lx.kinds[p - 1] == PtxLexer.PUNCT) {
                    depth++;
                } else if (t.equals("}") && lx.kinds[p - 1] == PtxLexer.PUNCT) {
                    depth--;
                }
            } while (depth > 0);
            int close = p - 1;
            String body = lx.text.substring(lx.ends[open], lx.starts[close]);
            debugSections.add(new DebugSection(name, line, lx.lines[close], body));
        }

        /** Declaration attributes: {@code .align N}, vector, type, then name, dims, initializer. */
        private PtxVariable parseVariable(AddressSpace space, boolean external, int line) throws PtxException {
            int align = 0;
            ScalarType type = null;
            int vec = 1;
            while (lx.kinds[p] == PtxLexer.WORD && peek().startsWith(".")) {
                String d = next();
                if (d.equals(".align")) {
                    align = (int) integer();
                    if (align <= 0 || Integer.bitCount(align) != 1 || align > 4096) {
                        throw error(line, null, "bad alignment " + align);
                    }
                } else if (d.equals(".v2") || d.equals(".v4") || d.equals(".v8")) {
                    vec = Integer.parseInt(d.substring(2));
                } else if (d.equals(".ptr") || d.equals(".global") || d.equals(".const") || d.equals(".shared")
                        || d.equals(".local")) {
                    // pointer attributes of kernel params do not change the storage
                } else if (d.equals(".attribute")) {
                    // .attribute(.managed) (__managed__): host code may reach the variable, as it
                    // may reach all simulated global memory; the storage is that of any .global
                    expect("(");
                    String attribute = next();
                    if (!attribute.equals(".managed")) {
                        throw error(line, null, "unknown variable attribute '" + attribute + "'");
                    }
                    expect(")");
                } else {
                    type = ScalarType.fromName(d.substring(1));
                    if (type == null) {
                        throw error(line, null, "unknown type or attribute '" + d + "' in declaration");
                    }
                }
            }
            if (type == null) {
                throw error(line, null, "declaration without a type");
            }
            String name = word();
            long elems = vec;
            boolean unsized = false;
            while (accept("[")) {
                if (accept("]")) {
                    unsized = true;
                    continue;
                }
                long n = integer();
                if (n < 0 || n > MAX_VARIABLE) {
                    throw error(line, null, "bad array size " + n + " of " + name);
                }
                expect("]");
                elems *= n;
                if (elems * type.size() > MAX_VARIABLE) {
                    throw error(line, null, "variable " + name + " is too large");
                }
            }
            int esize = type.size() * vec;
            if (align == 0) {
                align = Math.max(1, esize);
            }
            byte[] init = null;
            List<PtxVariable.SymbolInit> symInits = new ArrayList<>();
            if (accept("=")) {
                List<Object> vals = new ArrayList<>();
                parseInitializer(vals, line, type, 0);
                if (unsized) {
                    elems = vals.size();
                }
                if (vals.size() > elems) {
                    throw error(line, null, "initializer of " + name + " has " + vals.size() + " elements for "
                            + elems);
                }
                // Only the values written are stored (the rest is zero), so a huge declared size
                // with a short initializer costs nothing here.
                init = new byte[vals.size() * type.size()];
                for (int i = 0; i < vals.size(); i++) {
                    Object o = vals.get(i);
                    if (o instanceof Long) {
                        long v = (Long) o;
                        for (int b = 0; b < type.size(); b++) {
                            init[i * type.size() + b] = (byte) (v >>> (8 * b));
                        }
                    } else {
                        if (type.size() != 8) {
                            throw error(line, null, "address initializer in " + name + " needs a 64-bit element type");
                        }
                        String[] s = (String[]) o;
                        symInits.add(new PtxVariable.SymbolInit(i * 8L, s[0], s[1] != null));
                    }
                }
            } else if (unsized) {
                elems = 0;
            }
            return new PtxVariable(name, space, type, elems * type.size(), align, init, List.copyOf(symInits),
                    external || unsized, line);
        }

        private void parseInitializer(List<Object> out, int line, ScalarType type, int depth) throws PtxException {
            if (depth > 8) {
                throw error(line, null, "initializer nested too deeply");
            }
            if (accept("{")) {
                if (!at("}")) {
                    do {
                        parseInitializer(out, line, type, depth + 1);
                    } while (accept(","));
                }
                expect("}");
                return;
            }
            if (at("generic")) {
                next();
                expect("(");
                String s = word();
                expect(")");
                out.add(new String[] {s, "generic"});
                return;
            }
            boolean neg = accept("-");
            String w = word();
            if (!Character.isDigit(w.charAt(0))) {
                out.add(new String[] {w, null});
                return;
            }
            Long v = parseImmediate(w, type);
            if (v == null) {
                throw error(line, null, "bad initializer value '" + w + "'");
            }
            out.add(neg ? negate(v, type) : v);
        }

        private void parseModuleVariable(String spaceName, boolean external, int line) throws PtxException {
            AddressSpace space = AddressSpace.fromPtxName(spaceName.substring(1));
            PtxVariable v = parseVariable(space, external, line);
            expect(";");
            addModuleVariable(v);
        }

        private void addModuleVariable(PtxVariable v) throws PtxException {
            if (variablesByName.containsKey(v.name())) {
                if (v.external()) {
                    return;
                }
                if (!variablesByName.get(v.name()).external()) {
                    throw error(v.line(), null, "variable " + v.name() + " declared twice");
                }
                variables.remove(variablesByName.get(v.name()));
            }
            variables.add(v);
            variablesByName.put(v.name(), v);
        }

        private List<PtxParam> parseParamList(boolean kernel, int[] offset) throws PtxException {
            List<PtxParam> params = new ArrayList<>();
            expect("(");
            if (accept(")")) {
                return params;
            }
            do {
                int line = lx.lines[p];
                if (!accept(".param") && !accept(".reg")) {
                    throw error("expected .param in parameter list but found '" + peek() + "'");
                }
                PtxVariable v = parseVariable(AddressSpace.PARAM, false, line);
                int size = (int) Math.max(v.size(), 1);
                int align = Math.max(v.alignment(), 1);
                int off = (offset[0] + align - 1) / align * align;
                params.add(new PtxParam(v.name(), v.elementType(), size, align, off));
                offset[0] = off + size;
            } while (accept(","));
            expect(")");
            return params;
        }

        private void parseFunction(boolean entry, int line) throws PtxException {
            List<PtxParam> returns = List.of();
            int[] frameOff = {0};
            if (!entry && at("(")) {
                returns = parseParamList(false, frameOff);
            }
            String name = word();
            List<PtxParam> params = at("(") ? parseParamList(entry, entry ? new int[] {0} : frameOff) : List.of();
            while (!at("{") && !at(";")) {
                String d = next();
                if (!d.startsWith(".")) {
                    throw error("unexpected '" + d + "' in the header of " + name);
                }
                while (at(",") || (lx.kinds[p] == PtxLexer.WORD && Character.isDigit(peek().charAt(0)))) {
                    next();
                }
            }
            PtxFunction existing = functionsByName.get(name);
            PtxFunction f = existing;
            if (f == null) {
                f = new PtxFunction(name, entry, line, functions.size());
                functions.add(f);
                functionsByName.put(name, f);
            } else if (existing.defined && at("{")) {
                throw error(line, null, "function " + name + " defined twice");
            }
            f.params = params;
            f.returns = returns;
            if (entry) {
                f.kernelParamBytes = params.isEmpty() ? 0
                        : params.get(params.size() - 1).offset() + params.get(params.size() - 1).size();
            }
            if (accept(";")) {
                f.endLine = line;
                return;
            }
            expect("{");
            parseBody(f, frameOff[0]);
        }

        private void parseBody(PtxFunction f, int paramFrameStart) throws PtxException {
            fn = f;
            scopes = new ArrayDeque<>();
            regNames = new ArrayList<>();
            regTypes = new ArrayList<>();
            constValues = new ArrayList<>();
            constSyms = new ArrayList<>();
            constGeneric = new ArrayList<>();
            constIndex = new HashMap<>();
            paramFrame = paramFrameStart;
            localFrame = 0;
            loc = null;
            Map<String, Symbol> top = new HashMap<>();
            for (PtxParam prm : f.params) {
                top.put(prm.name(), new Symbol(f.entry ? Symbol.KERNEL_PARAM : Symbol.FRAME_PARAM, prm.offset(),
                        prm.size()));
            }
            for (PtxParam prm : f.returns) {
                top.put(prm.name(), new Symbol(Symbol.FRAME_PARAM, prm.offset(), prm.size()));
            }
            scopes.push(top);
            scopes.push(new HashMap<>());
            List<Instruction> code = new ArrayList<>();
            Map<String, Integer> labels = new LinkedHashMap<>();
            Map<Instruction, String> branches = new LinkedHashMap<>();
            List<PtxVariable> locals = new ArrayList<>();
            Map<String, Long> localOffsets = new LinkedHashMap<>();
            List<PtxVariable> shared = new ArrayList<>();
            int depth = 1;
            while (depth > 0) {
                int line = lx.lines[p];
                if (lx.kinds[p] == PtxLexer.EOF) {
                    throw error(f.line, null, "unterminated body of " + f.name);
                }
                String t = next();
                if (lx.kinds[p - 1] == PtxLexer.PUNCT) {
                    if (t.equals("{")) {
                        depth++;
                        scopes.push(new HashMap<>());
                        continue;
                    }
                    if (t.equals("}")) {
                        depth--;
                        scopes.pop();
                        if (depth == 0) {
                            f.endLine = line;
                        }
                        continue;
                    }
                    if (t.equals(";")) {
                        continue;
                    }
                    if (!t.equals("@")) {
                        throw error(line, null, "unexpected '" + t + "'");
                    }
                }
                switch (t) {
                    case ".reg":
                        parseReg(line);
                        continue;
                    case ".local": {
                        PtxVariable v = parseVariable(AddressSpace.LOCAL, false, line);
                        expect(";");
                        long off = (localFrame + v.alignment() - 1) / v.alignment() * v.alignment();
                        localFrame = off + v.size();
                        locals.add(v);
                        localOffsets.put(v.name(), off);
                        scopes.peek().put(v.name(), new Symbol(Symbol.LOCAL, (int) off, (int) v.size()));
                        continue;
                    }
                    case ".shared": {
                        PtxVariable v = parseVariable(AddressSpace.SHARED, false, line);
                        expect(";");
                        shared.add(v);
                        addModuleVariable(v);
                        continue;
                    }
                    case ".param": {
                        PtxVariable v = parseVariable(AddressSpace.PARAM, false, line);
                        expect(";");
                        int a = Math.max(1, v.alignment());
                        int off = (paramFrame + a - 1) / a * a;
                        paramFrame = off + (int) Math.max(1, v.size());
                        scopes.peek().put(v.name(), new Symbol(Symbol.FRAME_PARAM, off, (int) v.size()));
                        continue;
                    }
                    case ".global":
                    case ".const": {
                        PtxVariable v = parseVariable(AddressSpace.fromPtxName(t.substring(1)), false, line);
                        expect(";");
                        addModuleVariable(v);
                        continue;
                    }
                    case ".loc": {
                        int fileIdx = (int) integer();
                        int srcLine = (int) integer();
                        int col = lx.kinds[p] == PtxLexer.WORD && lx.lines[p] == line ? (int) integer() : 0;
                        skipLine(line);
                        loc = new SourceLocation(String.valueOf(fileIdx), srcLine, col);
                        continue;
                    }
                    case ".pragma":
                        skipStatement();
                        continue;
                    default:
                        break;
                }
                if (t.startsWith(".")) {
                    throw error(line, null, "unsupported directive " + t + " in function body");
                }
                if (at(":") && !t.equals("@")) {
                    next();
                    if (labels.put(t, code.size()) != null) {
                        throw error(line, null, "label " + t + " defined twice");
                    }
                    continue;
                }
                p--;
                Instruction in = parseInstruction(branches);
                in.index = code.size();
                code.add(in);
            }
            Instruction last = code.isEmpty() ? null : code.get(code.size() - 1);
            boolean fallsOff = last == null || last.guard >= 0
                    || (last.op != Op.RET && last.op != Op.EXIT && last.op != Op.BRA && last.op != Op.TRAP);
            if (fallsOff || labels.containsValue(code.size())) {
                // Running off the end of a body returns, as in PTX; labels there name this ret.
                Instruction ret = new Instruction();
                ret.op = Op.RET;
                ret.line = f.endLine;
                ret.opcode = "ret";
                ret.text = "ret (end of " + f.name + ")";
                ret.location = loc;
                ret.index = code.size();
                code.add(ret);
            }
            f.labels = labels;
            for (Map.Entry<Instruction, String> e : branches.entrySet()) {
                Integer target = labels.get(e.getValue());
                if (target == null) {
                    throw error(e.getKey().line, e.getKey().opcode, "branch to undefined label " + e.getValue());
                }
                e.getKey().target = target;
            }
            finishFunction(f, code, locals, localOffsets, shared);
            fn = null;
        }

        private void finishFunction(PtxFunction f, List<Instruction> code, List<PtxVariable> locals,
                Map<String, Long> localOffsets, List<PtxVariable> shared) throws PtxException {
            int nConst = constValues.size();
            int nDecl = regNames.size();
            int constBase = Specials.COUNT;
            int declBase = constBase + nConst;
            String[] names = new String[declBase + nDecl];
            ScalarType[] types = new ScalarType[names.length];
            for (int i = 0; i < Specials.COUNT; i++) {
                names[i] = Specials.NAMES[i];
            }
            long[] cv = new long[nConst];
            String[] cs = new String[nConst];
            boolean[] cg = new boolean[nConst];
            for (int i = 0; i < nConst; i++) {
                cv[i] = constValues.get(i);
                cs[i] = constSyms.get(i);
                cg[i] = constGeneric.get(i);
                names[constBase + i] = cs[i] == null ? "#" + cv[i] : cs[i] + (cv[i] == 0 ? "" : "+" + cv[i]);
            }
            for (int i = 0; i < nDecl; i++) {
                names[declBase + i] = regNames.get(i);
                types[declBase + i] = regTypes.get(i);
            }
            for (Instruction in : code) {
                in.dst = remap(in.dst, constBase, declBase);
                in.src = remap(in.src, constBase, declBase);
                in.addrReg = remap(in.addrReg, constBase, declBase);
                in.guard = remap(in.guard, constBase, declBase);
            }
            f.registerNames = names;
            f.registerTypes = types;
            f.constantBase = constBase;
            f.declaredBase = declBase;
            f.constants = cv;
            f.constantSymbols = cs;
            f.constantGeneric = cg;
            f.instructions = List.copyOf(code);
            f.locals = List.copyOf(locals);
            f.localOffsets = Map.copyOf(localOffsets);
            f.shared = List.copyOf(shared);
            f.frameBytes = (localFrame + 15) / 16 * 16;
            f.paramFrameBytes = (paramFrame + 15) / 16 * 16;
            f.defined = true;
            Reconvergence.compute(file, f);
        }

        /** Registers are numbered during parsing as: specials >= 0 below COUNT... see encode*. */
        private static final int CONST_TAG = 1 << 28, DECL_TAG = 1 << 29;

        private static int remap(int r, int constBase, int declBase) {
            if (r < 0) {
                return r;
            }
            if ((r & DECL_TAG) != 0) {
                return declBase + (r & ~DECL_TAG);
            }
            if ((r & CONST_TAG) != 0) {
                return constBase + (r & ~CONST_TAG);
            }
            return r;
        }

        private static int[] remap(int[] rs, int constBase, int declBase) {
            if (rs.length == 0) {
                return rs;
            }
            int[] out = new int[rs.length];
            for (int i = 0; i < rs.length; i++) {
                out[i] = remap(rs[i], constBase, declBase);
            }
            return out;
        }

        private void parseReg(int line) throws PtxException {
            ScalarType type = null;
            while (lx.kinds[p] == PtxLexer.WORD && peek().startsWith(".")) {
                String d = next();
                if (d.startsWith(".v") && d.length() == 3) {
                    throw error(line, null, "vector registers (.reg " + d + ") are not supported");
                }
                if (d.equals(".align")) {
                    integer();
                    continue;
                }
                type = ScalarType.fromName(d.substring(1));
                if (type == null) {
                    throw error(line, null, "unknown register type " + d);
                }
            }
            if (type == null) {
                throw error(line, null, ".reg without a type");
            }
            do {
                String name = word();
                if (accept("<")) {
                    long n = integer();
                    expect(">");
                    if (n < 0 || n > MAX_REGISTERS || regNames.size() + n > MAX_REGISTERS) {
                        throw error(line, null, "too many registers: " + name + "<" + n + ">");
                    }
                    for (int i = 0; i < n; i++) {
                        declareRegister(name + i, type);
                    }
                } else {
                    declareRegister(name, type);
                }
            } while (accept(","));
            expect(";");
        }

        private void declareRegister(String name, ScalarType type) {
            int idx = regNames.size();
            regNames.add(name);
            regTypes.add(type);
            scopes.peek().put(name, new Symbol(Symbol.REGISTER, idx | DECL_TAG, type.size()));
        }

        private Symbol lookup(String name) {
            for (Map<String, Symbol> s : scopes) {
                Symbol sym = s.get(name);
                if (sym != null) {
                    return sym;
                }
            }
            return null;
        }

        private int constant(long value, String symbol, boolean generic) {
            String key = (symbol == null ? "" : symbol + (generic ? "@g" : "@s")) + "#" + value;
            Integer idx = constIndex.get(key);
            if (idx == null) {
                idx = constValues.size();
                constValues.add(value);
                constSyms.add(symbol);
                constGeneric.add(generic);
                constIndex.put(key, idx);
            }
            return idx | CONST_TAG;
        }

        // ---------------------------------------------------------------- instructions

        private Instruction parseInstruction(Map<Instruction, String> branches) throws PtxException {
            int first = p;
            int line = lx.lines[p];
            Instruction in = new Instruction();
            in.line = line;
            in.location = loc;
            int guard = -1;
            boolean guardNeg = false;
            if (accept("@")) {
                guardNeg = accept("!");
                String g = word();
                guard = registerOf(g, line, null);
            }
            String opcode = word();
            in.opcode = opcode;
            if (!Decoder.isKnown(opcode)) {
                throw error(line, opcode, "unsupported instruction " + opcode);
            }
            List<Operand> ops = new ArrayList<>();
            if (!at(";")) {
                do {
                    ops.add(parseOperand(line, opcode));
                } while (accept(","));
            }
            if (!at(";")) {
                throw error(line, opcode, "expected ';' after " + opcode + " operands but found '" + peek() + "'");
            }
            in.text = lx.text.substring(lx.starts[first], lx.ends[p - 1]).replaceAll("\\s+", " ").trim();
            p++;
            in.guard = guard;
            in.guardNegated = guardNeg;
            new Decoder(this, in, opcode, ops, branches).decode();
            return in;
        }

        private Operand parseOperand(int line, String opcode) throws PtxException {
            return parseOperand(line, opcode, 0);
        }

        private Operand parseOperand(int line, String opcode, int depth) throws PtxException {
            if (depth > 4) {
                throw error(line, opcode, "operand nested too deeply");
            }
            if (accept("[")) {
                Operand o = new Operand(Operand.ADDR);
                if (at("-") || Character.isDigit(peek().charAt(0))) {
                    o.offset = integer();
                } else {
                    o.name = word();
                    while (at("+") || at("-")) {
                        boolean neg = next().equals("-");
                        long v = integer();
                        o.offset += neg ? -v : v;
                    }
                }
                expect("]");
                return o;
            }
            if (accept("{")) {
                Operand o = new Operand(Operand.VEC);
                List<Operand> elems = new ArrayList<>();
                if (!at("}")) {
                    do {
                        elems.add(parseOperand(line, opcode, depth + 1));
                    } while (accept(","));
                }
                expect("}");
                o.elems = elems.toArray(new Operand[0]);
                return o;
            }
            if (accept("(")) {
                Operand o = new Operand(Operand.LIST);
                List<Operand> elems = new ArrayList<>();
                if (!at(")")) {
                    do {
                        elems.add(parseOperand(line, opcode, depth + 1));
                    } while (accept(","));
                }
                expect(")");
                o.elems = elems.toArray(new Operand[0]);
                return o;
            }
            if (accept("!")) {
                Operand o = parseOperand(line, opcode, depth + 1);
                o.negated = true;
                return o;
            }
            if (at("-") || Character.isDigit(peek().charAt(0))) {
                boolean neg = accept("-");
                Operand o = new Operand(Operand.IMM);
                o.text = (neg ? "-" : "") + word();
                return o;
            }
            if (at("_")) {
                next();
                return new Operand(Operand.SINK);
            }
            String w = word();
            if (w.startsWith("%")) {
                Operand o = new Operand(Operand.REG);
                o.name = w;
                if (accept("|")) {
                    o.kind = Operand.PAIR;
                    o.second = word();
                }
                return o;
            }
            Operand o = new Operand(Operand.SYM);
            o.name = w;
            while (at("+") || at("-")) {
                boolean neg = next().equals("-");
                long v = integer();
                o.offset += neg ? -v : v;
            }
            return o;
        }

        int registerOf(String name, int line, String opcode) throws PtxException {
            Symbol s = lookup(name);
            if (s != null && s.kind == Symbol.REGISTER) {
                return s.value;
            }
            int sp = Specials.indexOf(name);
            if (sp >= 0) {
                return sp;
            }
            if (name.startsWith("%")) {
                throw error(line, opcode, "unknown or unsupported register " + name);
            }
            throw error(line, opcode, name + " is not a register");
        }

        int sinkRegister() {
            Symbol s = scopes.peekLast().get("_");
            if (s == null) {
                int idx = regNames.size();
                regNames.add("_");
                regTypes.add(ScalarType.B64);
                s = new Symbol(Symbol.REGISTER, idx | DECL_TAG, 8);
                scopes.peekLast().put("_", s);
            }
            return s.value;
        }

        Symbol symbolOf(String name) {
            return lookup(name);
        }

        int constantOf(long value) {
            return constant(value, null, false);
        }

        int symbolConstant(String symbol, long offset, boolean generic) {
            return constant(offset, symbol, generic);
        }

        boolean isModuleSymbol(String name) {
            return variablesByName.containsKey(name);
        }

        PtxVariable moduleVariable(String name) {
            return variablesByName.get(name);
        }

        boolean isFunction(String name) {
            return functionsByName.containsKey(name);
        }

        void addCall(Instruction in, String callee) {
            pendingCalls.put(in, callee);
            callOwner.put(in, fn);
        }

        PtxFunction currentFunction() {
            return fn;
        }

        PtxException fail(Instruction in, String msg) {
            return error(in.line, in.opcode, msg);
        }
    }

    // ---------------------------------------------------------------- numbers

    /** Parses a PTX integer literal (decimal, 0x hex, 0b binary, 0 octal, optional U suffix). */
    static Long parseInteger(String w) {
        String s = w;
        if (s.endsWith("U") || s.endsWith("u")) {
            s = s.substring(0, s.length() - 1);
        }
        try {
            if (s.startsWith("0x") || s.startsWith("0X")) {
                return Long.parseUnsignedLong(s.substring(2), 16);
            }
            if (s.startsWith("0b") || s.startsWith("0B")) {
                return Long.parseUnsignedLong(s.substring(2), 2);
            }
            if (s.length() > 1 && s.startsWith("0") && s.chars().allMatch(Character::isDigit)) {
                return Long.parseUnsignedLong(s.substring(1), 8);
            }
            if (s.chars().allMatch(Character::isDigit)) {
                return Long.parseUnsignedLong(s);
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return null;
    }

    /** An immediate as raw bits for an operand of type {@code type}; null if malformed. */
    static Long parseImmediate(String w, ScalarType type) {
        boolean neg = w.startsWith("-");
        String s = neg ? w.substring(1) : w;
        Long bits;
        if ((s.startsWith("0f") || s.startsWith("0F")) && s.length() == 10) {
            try {
                int f = (int) Long.parseLong(s.substring(2), 16);
                bits = type == ScalarType.F64 ? Double.doubleToRawLongBits(Float.intBitsToFloat(f)) : f & 0xFFFF_FFFFL;
            } catch (NumberFormatException e) {
                return null;
            }
        } else if ((s.startsWith("0d") || s.startsWith("0D")) && s.length() == 18) {
            try {
                long d = Long.parseUnsignedLong(s.substring(2), 16);
                bits = type == ScalarType.F32 ? Float.floatToRawIntBits((float) Double.longBitsToDouble(d)) & 0xFFFF_FFFFL
                        : d;
            } catch (NumberFormatException e) {
                return null;
            }
        } else {
            Long i = parseInteger(s);
            if (i != null) {
                if (type != null && type.isFloat()) {
                    bits = type == ScalarType.F64 ? Double.doubleToRawLongBits(i) : Float.floatToRawIntBits(i) & 0xFFFF_FFFFL;
                } else {
                    bits = i;
                }
            } else {
                try {
                    double d = Double.parseDouble(s);
                    if (type == ScalarType.F64) {
                        bits = Double.doubleToRawLongBits(d);
                    } else if (type != null && type.isFloat()) {
                        bits = Float.floatToRawIntBits((float) d) & 0xFFFF_FFFFL;
                    } else {
                        return null;
                    }
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return neg ? negate(bits, type) : bits;
    }

    static long negate(long bits, ScalarType type) {
        if (type == ScalarType.F64) {
            return bits ^ Long.MIN_VALUE;
        }
        if (type != null && type.isFloat()) {
            return bits ^ 0x8000_0000L;
        }
        return -bits;
    }
}
