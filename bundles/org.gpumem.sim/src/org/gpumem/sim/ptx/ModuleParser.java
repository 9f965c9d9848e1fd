package org.gpumem.sim.ptx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.SourceLocation;

/**
 * The module level of a PTX text: directives, module-scope variables, function headers (a
 * {@link FunctionParser} reads each body), debug sections; then calls resolved across the
 * module, {@code .loc} files named, and the static shared layout computed.
 */
final class ModuleParser {
    final Tokens t;
    final Declarations declarations;
    private final PtxModule module;
    private final List<PtxFunction> functions = new ArrayList<>();
    private final Map<String, PtxFunction> functionsByName = new LinkedHashMap<>();
    private final List<PtxVariable> variables = new ArrayList<>();
    private final Map<String, PtxVariable> variablesByName = new LinkedHashMap<>();
    private final Map<Integer, String> files = new LinkedHashMap<>();
    private final List<DebugSection> debugSections = new ArrayList<>();
    private final Map<Instruction, PendingCall> pendingCalls = new LinkedHashMap<>();
    /** Indirect calls, and the functions whose address the code or an initializer takes: what they may call. */
    private final List<Instruction> indirectCalls = new ArrayList<>();
    private final Set<String> addressTaken = new java.util.TreeSet<>();
    /** The function whose body is being read. */
    private PtxFunction parsing;
    /** True after {@code .weak} or {@code .common}, for the declaration that follows. */
    private boolean weakNext;
    /** Functions and variables defined {@code .weak}: a later plain definition replaces them. */
    private final Set<String> weak = new HashSet<>();
    /** {@code .extern .global}/{@code .const} variables no definition in this module has replaced. */
    private final Set<String> externOnly = new HashSet<>();

    /** A call site, bound to its callee once the whole module is read. */
    private record PendingCall(PtxFunction caller, String callee) {
    }

    ModuleParser(String file, String text) throws PtxException {
        this.t = new Tokens(file, text);
        this.declarations = new Declarations(t);
        this.module = new PtxModule(file, text);
    }

    PtxModule parseModule() throws PtxException {
        boolean sawVersion = false;
        while (t.kind() != PtxLexer.EOF) {
            int line = t.line();
            sawVersion |= directive(t.next(), line);
        }
        if (!sawVersion) {
            throw new PtxException(t.file, 1, null, "not PTX: no .version directive");
        }
        resolveCalls();
        resolveIndirectCalls();
        for (PtxFunction f : functions) {
            if (f.entry && !f.defined) {
                throw t.error(f.line, null, "kernel " + f.name + " has no body");
            }
        }
        refuseUnusableVariables();
        resolveSourceFiles();
        Reachability.describe(t.file, functions);
        SharedLayout.layOut(module, functions, variables);
        module.functions = List.copyOf(functions);
        module.functionsByName = Map.copyOf(functionsByName);
        module.variables = List.copyOf(variables);
        module.variablesByName = Map.copyOf(variablesByName);
        module.files = Map.copyOf(files);
        module.debugSections = List.copyOf(debugSections);
        return module;
    }

    /** One module-scope statement starting with token {@code d}; true for {@code .version}. */
    private boolean directive(String d, int line) throws PtxException {
        switch (d) {
            case ".version":
                module.version = t.word();
                return true;
            case ".target": {
                List<String> items = new ArrayList<>();
                items.add(t.word());
                while (t.accept(",")) {
                    items.add(t.word());
                }
                module.target = items.get(0);
                module.debugTarget = items.contains("debug");
                return false;
            }
            case ".address_size":
                module.addressSize = (int) t.integer();
                if (module.addressSize != 64 && module.addressSize != 32) {
                    throw t.error(line, null, "unsupported .address_size " + module.addressSize);
                }
                if (module.addressSize != 64) {
                    throw t.error(line, null, "only .address_size 64 is supported");
                }
                return false;
            case ".file": {
                int idx = (int) t.integer();
                if (t.kind() != PtxLexer.STRING) {
                    throw t.error("expected a file name string after .file " + idx);
                }
                files.put(idx, t.next());
                t.skipLine(line);
                return false;
            }
            case ".section":
                parseSection(line);
                return false;
            case ".weak":
            case ".common":
                weakNext = true;
                return false;
            case ".visible":
            case ";":
                return false;
            case ".extern":
                if (t.at(".shared") || t.at(".global") || t.at(".const")) {
                    parseModuleVariable(t.next(), true, line);
                }
                return false;
            case ".entry":
            case ".func": {
                boolean isWeak = weakNext;
                weakNext = false;
                parseFunction(d.equals(".entry"), isWeak, line);
                return false;
            }
            case ".global":
            case ".const":
            case ".shared":
                parseModuleVariable(d, false, line);
                return false;
            case ".local":
                throw t.error(line, null, "module-scope .local variables are not supported");
            case ".pragma":
            case ".alias":
                t.skipStatement();
                return false;
            default:
                throw t.error(line, null, "unexpected '" + d + "' at module scope");
        }
    }

    /**
     * Calls name their callee, which may be declared after the caller; check and bind them now. A
     * call to a function without a body in this module is recorded against the caller: only
     * kernels that can reach it are refused.
     */
    private void resolveCalls() throws PtxException {
        for (Map.Entry<Instruction, PendingCall> e : pendingCalls.entrySet()) {
            Instruction in = e.getKey();
            String name = e.getValue().callee();
            PtxFunction callee = functionsByName.get(name);
            if (callee == null) {
                throw t.error(in.line, in.opcode, "call to undeclared function " + name);
            }
            if (callee.entry) {
                throw t.error(in.line, in.opcode, "call to kernel " + name);
            }
            if (in.argSizes.length != callee.params.size() || in.retSizes.length != callee.returns.size()) {
                throw t.error(in.line, in.opcode, "call to " + callee.name + " passes " + in.argSizes.length
                        + " arguments and " + in.retSizes.length + " return values; it declares "
                        + callee.params.size() + " and " + callee.returns.size());
            }
            if (!callee.defined && !DeviceRuntimeFunctions.isRuntimeFunction(name)) {
                in.op = Op.TRAP;
                e.getValue().caller().refuse(in, "calls " + name + ", which has no body in this module (the simulator "
                        + "provides only " + DeviceRuntimeFunctions.describe() + ")");
                continue;
            }
            in.target = callee.index;
        }
    }

    /**
     * Every function whose address is taken, by the code or by an initializer, is a callee of
     * every indirect call (what the call graph follows; the call itself checks its target).
     */
    private void resolveIndirectCalls() {
        for (PtxVariable v : variables) {
            for (PtxVariable.SymbolInit init : v.symbolInits()) {
                if (functionsByName.containsKey(init.symbol())) {
                    addressTaken.add(init.symbol());
                }
            }
        }
        int[] callees = addressTaken.stream().mapToInt(name -> functionsByName.get(name).index).toArray();
        for (Instruction in : indirectCalls) {
            in.callees = callees;
        }
    }

    /** {@code .loc} names files by their {@code .file} number, and the table may come after the code. */
    private void resolveSourceFiles() {
        Map<SourceLocation, SourceLocation> resolved = new HashMap<>();
        for (PtxFunction f : functions) {
            for (Instruction in : f.instructions) {
                resolveSourceFile(in, resolved);
            }
            for (PtxFunction.Refusal r : f.refusals) {
                if (r.at().index < 0) {
                    resolveSourceFile(r.at(), resolved);
                }
            }
        }
    }

    private void resolveSourceFile(Instruction in, Map<SourceLocation, SourceLocation> resolved) {
        if (in.location != null) {
            in.location = resolved.computeIfAbsent(in.location, l -> new SourceLocation(
                    files.getOrDefault(Integer.parseInt(l.file()), l.file()), l.line(), l.column()));
        }
    }

    /** A {@code .section .debug_* { ... }} block, kept as text for the DWARF assembler. */
    private void parseSection(int line) throws PtxException {
        String name = t.word();
        if (!t.at("{")) {
            throw t.error("expected '{' after .section " + name);
        }
        int open = t.p;
        int depth = 0;
        do {
            String token = t.next();
            if (token.equals("{") && t.lx.kinds[t.p - 1] == PtxLexer.PUNCT) {
                depth++;
            } else if (token.equals("}") && t.lx.kinds[t.p - 1] == PtxLexer.PUNCT) {
                depth--;
            }
        } while (depth > 0);
        int close = t.p - 1;
        String body = t.lx.text.substring(t.lx.ends[open], t.lx.starts[close]);
        debugSections.add(new DebugSection(name, line, t.lx.lines[close], body));
    }

    private void parseModuleVariable(String spaceName, boolean external, int line) throws PtxException {
        boolean isWeak = weakNext;
        weakNext = false;
        PtxStateSpace space = PtxStateSpace.fromPtxName(spaceName.substring(1));
        PtxVariable v = declarations.parse(space, external, line);
        t.expect(";");
        if (external && space != PtxStateSpace.SHARED && !variablesByName.containsKey(v.name())) {
            externOnly.add(v.name());
        }
        if (isWeak && variablesByName.containsKey(v.name())) {
            return;
        }
        addModuleVariable(v);
        if (isWeak) {
            weak.add(v.name());
        }
    }

    /**
     * A module-scope variable, or one a function declares at module scope (shared, global, const).
     * A definition replaces an {@code .extern} declaration or a {@code .weak} definition.
     */
    void addModuleVariable(PtxVariable v) throws PtxException {
        PtxVariable existing = variablesByName.get(v.name());
        if (existing != null) {
            if (v.external()) {
                return;
            }
            if (!existing.external() && !weak.remove(v.name())) {
                throw t.error(v.line(), null, "variable " + v.name() + " declared twice");
            }
            externOnly.remove(v.name());
            variables.remove(existing);
        }
        variables.add(v);
        variablesByName.put(v.name(), v);
    }

    /** A name no module variable has yet, for a function's {@code .shared} variable that reuses one. */
    String unusedVariableName(String name, PtxFunction f) {
        if (!variablesByName.containsKey(name)) {
            return name;
        }
        for (int n = 1;; n++) {
            String candidate = name + "$" + f.name + "$" + n;
            if (!variablesByName.containsKey(candidate)) {
                return candidate;
            }
        }
    }

    private List<PtxParam> parseParamList(int[] offset) throws PtxException {
        List<PtxParam> params = new ArrayList<>();
        t.expect("(");
        if (t.accept(")")) {
            return params;
        }
        do {
            int line = t.line();
            if (!t.accept(".param") && !t.accept(".reg")) {
                throw t.error("expected .param in parameter list but found '" + t.peek() + "'");
            }
            PtxVariable v = declarations.parse(PtxStateSpace.PARAM, false, line);
            int size = (int) Math.max(v.size(), 1);
            int align = Math.max(v.alignment(), 1);
            int off = (offset[0] + align - 1) / align * align;
            params.add(new PtxParam(v.name(), v.elementType(), size, align, off));
            offset[0] = off + size;
        } while (t.accept(","));
        t.expect(")");
        return params;
    }

    /** A {@code .entry} or {@code .func}: return and parameter lists, attributes, then a declaration or a body. */
    private void parseFunction(boolean entry, boolean isWeak, int line) throws PtxException {
        List<PtxParam> returns = List.of();
        int[] frameOff = {0};
        if (!entry && t.at("(")) {
            returns = parseParamList(frameOff);
        }
        String name = t.word();
        List<PtxParam> params = t.at("(") ? parseParamList(entry ? new int[] {0} : frameOff) : List.of();
        while (!t.at("{") && !t.at(";")) {
            String d = t.next();
            if (!d.startsWith(".")) {
                throw t.error("unexpected '" + d + "' in the header of " + name);
            }
            while (t.at(",") || (t.kind() == PtxLexer.WORD && Character.isDigit(t.peek().charAt(0)))) {
                t.next();
            }
        }
        PtxFunction existing = functionsByName.get(name);
        PtxFunction f = existing;
        if (f == null) {
            f = new PtxFunction(name, entry, line, functions.size());
            functions.add(f);
            functionsByName.put(name, f);
        } else if (existing.defined && t.at("{")) {
            if (isWeak) {
                skipBody();
                return;
            }
            if (!weak.remove(name)) {
                throw t.error(line, null, "function " + name + " defined twice");
            }
            // a plain definition replaces the .weak one, as the linker would
            f = new PtxFunction(name, entry, line, existing.index);
            functions.set(existing.index, f);
            functionsByName.put(name, f);
        }
        if (isWeak && t.at("{")) {
            weak.add(name);
        }
        f.params = params;
        f.returns = returns;
        if (entry) {
            f.kernelParamBytes = params.isEmpty() ? 0
                    : params.get(params.size() - 1).offset() + params.get(params.size() - 1).size();
        }
        if (t.accept(";")) {
            f.endLine = line;
            return;
        }
        t.expect("{");
        parsing = f;
        new FunctionParser(this, f, frameOff[0]).parseBody();
        parsing = null;
    }

    /** Skips a body whose definition another one overrides, braces balanced. */
    private void skipBody() throws PtxException {
        int depth = 0;
        do {
            String token = t.next();
            if (t.lx.kinds[t.p - 1] == PtxLexer.PUNCT) {
                depth += token.equals("{") ? 1 : token.equals("}") ? -1 : 0;
            }
        } while (depth > 0);
    }

    /**
     * Variables the simulator cannot provide, and why: an {@code .extern .global}/{@code .const}
     * variable that nothing in this module defines lives in a module the simulator does not link.
     * A function using one is recorded as unsupported; an initializer naming nothing declared
     * (neither a variable nor a function, whose address is {@link PtxModule#functionAddress}) is
     * malformed.
     */
    private void refuseUnusableVariables() throws PtxException {
        Map<String, String> unusable = new HashMap<>();
        for (String name : externOnly) {
            unusable.put(name, "uses " + name + ", which is declared .extern and not defined in this module");
        }
        for (PtxVariable v : variables) {
            for (PtxVariable.SymbolInit init : v.symbolInits()) {
                if (!functionsByName.containsKey(init.symbol()) && !variablesByName.containsKey(init.symbol())) {
                    throw t.error(v.line(), null, "the initializer of " + v.name() + " names " + init.symbol()
                            + ", which is not declared");
                }
            }
        }
        if (unusable.isEmpty()) {
            return;
        }
        for (PtxFunction f : functions) {
            for (int i = 0; i < f.constantSymbols.length; i++) {
                String reason = f.constantSymbols[i] == null ? null : unusable.get(f.constantSymbols[i]);
                Instruction user = reason == null ? null : firstUser(f, f.constantBase + i);
                if (user != null) {
                    f.refuse(user, reason);
                }
            }
        }
    }

    private static Instruction firstUser(PtxFunction f, int register) {
        for (Instruction in : f.instructions) {
            if (in.addrReg == register || java.util.Arrays.stream(in.src).anyMatch(r -> r == register)) {
                return in;
            }
        }
        return null;
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

    /** The sm number of the module's {@code .target} ({@link PtxModule#targetSm}). */
    int targetSm() {
        return module.targetSm();
    }

    String targetName() {
        return module.target;
    }

    /** The address of function {@code name}, which the code takes ({@link PtxModule#functionAddress}). */
    long takeAddress(String name) {
        addressTaken.add(name);
        return PtxModule.functionAddress(functionsByName.get(name).index);
    }

    /** An indirect call, whose callees are known once the whole module is read. */
    void addIndirectCall(Instruction in) {
        indirectCalls.add(in);
    }

    /** A call to bind to its callee once the whole module is read. */
    void addCall(Instruction in, String callee) {
        pendingCalls.put(in, new PendingCall(parsing, callee));
    }

    /** Forgets the call site of an instruction that could not be decoded. */
    void dropCall(Instruction in) {
        pendingCalls.remove(in);
        indirectCalls.remove(in);
    }
}
