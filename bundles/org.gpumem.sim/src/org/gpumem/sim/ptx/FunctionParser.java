package org.gpumem.sim.ptx;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.PtxStateSpace;
import org.gpumem.sim.ScalarType;
import org.gpumem.sim.SourceLocation;

/**
 * One function body: register declarations and nested scopes, local, param and shared
 * variables, labels and {@code .loc}, and every instruction decoded by a {@link Decoder}; then
 * the register file laid out (specials, constants, declared registers), labels resolved and
 * reconvergence computed.
 */
final class FunctionParser {
    /** While parsing, constants and declared registers carry a tag until the register file is laid out. */
    private static final int CONST_TAG = 1 << 28, DECL_TAG = 1 << 29;

    private final ModuleParser module;
    private final Tokens t;
    private final PtxFunction fn;
    private final Deque<Map<String, Symbol>> scopes = new ArrayDeque<>();
    private final List<String> regNames = new ArrayList<>();
    private final List<ScalarType> regTypes = new ArrayList<>();
    private final List<Long> constValues = new ArrayList<>();
    private final List<String> constSyms = new ArrayList<>();
    private final List<Boolean> constGeneric = new ArrayList<>();
    private final Map<String, Integer> constIndex = new HashMap<>();
    private final List<Instruction> code = new ArrayList<>();
    private final Map<String, Integer> labels = new LinkedHashMap<>();
    private final Map<Instruction, String> branches = new LinkedHashMap<>();
    /** {@code name: .branchtargets L0, L1;} lists by name, and the brx.idx instructions naming one. */
    private final Map<String, List<String>> branchTargets = new HashMap<>();
    private final Map<Instruction, String> indexedBranches = new LinkedHashMap<>();
    /** Labels of {@code .callprototype} and {@code .calltargets} declarations: what an indirect call may name. */
    private final Map<String, Integer> callDeclarations = new HashMap<>();
    private final List<PtxVariable> locals = new ArrayList<>();
    private final Map<String, Long> localOffsets = new LinkedHashMap<>();
    private final List<PtxVariable> shared = new ArrayList<>();
    private int paramFrame;
    private long localFrame;
    private SourceLocation loc;

    FunctionParser(ModuleParser module, PtxFunction f, int paramFrameStart) {
        this.module = module;
        this.t = module.t;
        this.fn = f;
        this.paramFrame = paramFrameStart;
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
    }

    /** Reads the body after its opening brace up to the matching one, and completes the function. */
    void parseBody() throws PtxException {
        PtxFunction f = fn;
        int depth = 1;
        while (depth > 0) {
            int line = t.line();
            if (t.kind() == PtxLexer.EOF) {
                throw t.error(f.line, null, "unterminated body of " + f.name);
            }
            String d = t.next();
            if (t.lx.kinds[t.p - 1] == PtxLexer.PUNCT) {
                if (d.equals("{")) {
                    depth++;
                    scopes.push(new HashMap<>());
                    continue;
                }
                if (d.equals("}")) {
                    depth--;
                    scopes.pop();
                    if (depth == 0) {
                        f.endLine = line;
                    }
                    continue;
                }
                if (d.equals(";")) {
                    continue;
                }
                if (!d.equals("@")) {
                    throw t.error(line, null, "unexpected '" + d + "'");
                }
            }
            if (declaration(d, line)) {
                continue;
            }
            if (d.startsWith(".")) {
                refuseDirective(d, line);
                continue;
            }
            if (t.at(":") && !d.equals("@")) {
                t.next();
                if (targetList(d, line)) {
                    continue;
                }
                if (labels.put(d, code.size()) != null) {
                    throw t.error(line, null, "label " + d + " defined twice");
                }
                continue;
            }
            t.p--;
            Instruction in = parseInstruction();
            in.index = code.size();
            code.add(in);
        }
        endWithReturn();
        f.labels = labels;
        for (Map.Entry<Instruction, String> e : branches.entrySet()) {
            Integer target = labels.get(e.getValue());
            if (target == null) {
                throw t.error(e.getKey().line, e.getKey().opcode, "branch to undefined label " + e.getValue());
            }
            e.getKey().target = target;
        }
        for (Map.Entry<Instruction, String> e : indexedBranches.entrySet()) {
            List<String> list = branchTargets.get(e.getValue());
            if (list == null) {
                throw t.error(e.getKey().line, e.getKey().opcode, e.getValue() + " is not a .branchtargets list");
            }
            int[] targets = new int[list.size()];
            for (int i = 0; i < targets.length; i++) {
                Integer target = labels.get(list.get(i));
                if (target == null) {
                    throw t.error(e.getKey().line, e.getKey().opcode, "branch to undefined label " + list.get(i));
                }
                targets[i] = target;
            }
            e.getKey().targets = targets;
        }
        finishFunction();
    }

    /** A declaration or directive of the body starting with token {@code d}; false when {@code d} is none. */
    private boolean declaration(String d, int line) throws PtxException {
        switch (d) {
            case ".reg":
                parseReg(line);
                return true;
            case ".local": {
                PtxVariable v = module.declarations.parse(PtxStateSpace.LOCAL, false, line);
                t.expect(";");
                long off = (localFrame + v.alignment() - 1) / v.alignment() * v.alignment();
                localFrame = off + v.size();
                if (localFrame > DeviceFacts.MAX_LOCAL_BYTES_PER_THREAD) {
                    throw t.error(line, null, ".local variable " + v.name() + " brings the local memory of " + fn.name
                            + " to " + localFrame + " bytes, more than the " + DeviceFacts.MAX_LOCAL_BYTES_PER_THREAD
                            + " bytes a thread can have");
                }
                locals.add(v);
                localOffsets.putIfAbsent(v.name(), off);
                scopes.peek().put(v.name(), new Symbol(Symbol.LOCAL, (int) off, (int) v.size()));
                return true;
            }
            case ".shared":
                declareShared(false, line);
                return true;
            case ".extern":
                if (!t.accept(".shared")) {
                    return false;
                }
                declareShared(true, line);
                return true;
            case ".param": {
                PtxVariable v = module.declarations.parse(PtxStateSpace.PARAM, false, line);
                t.expect(";");
                int a = Math.max(1, v.alignment());
                int off = (paramFrame + a - 1) / a * a;
                paramFrame = off + (int) Math.max(1, v.size());
                scopes.peek().put(v.name(), new Symbol(Symbol.FRAME_PARAM, off, (int) v.size()));
                return true;
            }
            case ".global":
            case ".const": {
                PtxVariable v = module.declarations.parse(PtxStateSpace.fromPtxName(d.substring(1)), false, line);
                t.expect(";");
                module.addModuleVariable(v);
                return true;
            }
            case ".loc": {
                int fileIdx = (int) t.integer();
                int srcLine = (int) t.integer();
                int col = t.kind() == PtxLexer.WORD && t.line() == line ? (int) t.integer() : 0;
                t.skipLine(line);
                loc = new SourceLocation(String.valueOf(fileIdx), srcLine, col);
                return true;
            }
            case ".pragma":
                t.skipStatement();
                return true;
            default:
                return false;
        }
    }

    /**
     * {@code name: .branchtargets L0, L1;} (the targets of brx.idx), {@code name: .calltargets f, g;}
     * or {@code name: .callprototype (.param .b32 _) _ (.param .b32 _);} (what an indirect call
     * names); false when the label {@code name} labels an instruction. A prototype's parameters
     * are not checked against the call: the call's own argument list is what is passed.
     */
    private boolean targetList(String name, int line) throws PtxException {
        if (t.accept(".branchtargets")) {
            List<String> list = new ArrayList<>();
            do {
                list.add(t.word());
            } while (t.accept(","));
            t.expect(";");
            if (branchTargets.put(name, list) != null || labels.containsKey(name)) {
                throw t.error(line, null, "label " + name + " defined twice");
            }
            return true;
        }
        if (t.at(".calltargets") || t.at(".callprototype")) {
            t.skipStatement();
            if (callDeclarations.put(name, line) != null || labels.containsKey(name)) {
                throw t.error(line, null, "label " + name + " defined twice");
            }
            return true;
        }
        return false;
    }

    /**
     * A directive of the body the simulator does not implement (a {@code .branchtargets} or
     * {@code .callprototype} without the label that {@link #targetList} reads, ...): skipped, and
     * recorded against the function.
     */
    private void refuseDirective(String d, int line) throws PtxException {
        t.skipStatement();
        Instruction at = new Instruction();
        at.index = -1;
        at.line = line;
        at.location = loc;
        at.opcode = d;
        at.text = d;
        fn.refuse(at, "unsupported directive " + d + " in function body");
    }

    /**
     * A {@code .shared} variable of the body. It lives at module scope (one per CTA), under its
     * own name unless another variable has it: PTX names are scoped, so a block or another
     * function may declare the same name, and the body's scopes map the name to its variable.
     */
    private void declareShared(boolean external, int line) throws PtxException {
        PtxVariable v = module.declarations.parse(PtxStateSpace.SHARED, external, line);
        t.expect(";");
        if (v.external() && module.isModuleSymbol(v.name())) {
            scopes.peek().put(v.name(), Symbol.shared(v.name()));
            return;
        }
        String written = v.name();
        String name = module.unusedVariableName(written, fn);
        if (!name.equals(written)) {
            v = new PtxVariable(name, v.space(), v.elementType(), v.size(), v.alignment(), v.initializer(),
                    v.symbolInits(), v.external(), v.line());
        }
        scopes.peek().put(written, Symbol.shared(name));
        shared.add(v);
        module.addModuleVariable(v);
    }

    /** Running off the end of a body returns, as in PTX; labels at the end name this ret. */
    private void endWithReturn() {
        Instruction last = code.isEmpty() ? null : code.get(code.size() - 1);
        boolean fallsOff = last == null || last.guard >= 0
                || (last.op != Op.RET && last.op != Op.EXIT && last.op != Op.BRA && last.op != Op.TRAP);
        if (fallsOff || labels.containsValue(code.size())) {
            Instruction ret = new Instruction();
            ret.op = Op.RET;
            ret.line = fn.endLine;
            ret.opcode = "ret";
            ret.text = "ret (end of " + fn.name + ")";
            ret.location = loc;
            ret.index = code.size();
            code.add(ret);
        }
    }

    private void finishFunction() throws PtxException {
        PtxFunction f = fn;
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
            in.memberMask = remap(in.memberMask, constBase, declBase);
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
        Reconvergence.compute(t.file, f);
    }

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
        while (t.lx.kinds[t.p] == PtxLexer.WORD && t.peek().startsWith(".")) {
            String d = t.next();
            if (d.startsWith(".v") && d.length() == 3) {
                throw t.error(line, null, "vector registers (.reg " + d + ") are not supported");
            }
            if (d.equals(".align")) {
                t.integer();
                continue;
            }
            type = ScalarType.fromName(d.substring(1));
            if (type == null) {
                throw t.error(line, null, "unknown register type " + d);
            }
        }
        if (type == null) {
            throw t.error(line, null, ".reg without a type");
        }
        do {
            String name = t.word();
            if (t.accept("<")) {
                long n = t.integer();
                t.expect(">");
                if (n < 0 || n > PtxLoader.MAX_REGISTERS || regNames.size() + n > PtxLoader.MAX_REGISTERS) {
                    throw t.error(line, null, "too many registers: " + name + "<" + n + "> brings " + fn.name + " to "
                            + (regNames.size() + n) + " registers; a function may declare at most " + PtxLoader.MAX_REGISTERS);
                }
                for (int i = 0; i < n; i++) {
                    declareRegister(name + i, type);
                }
            } else {
                if (regNames.size() + (type == ScalarType.B128 ? 1 : 0) >= PtxLoader.MAX_REGISTERS) {
                    throw t.error(line, null, "too many registers: " + name + " brings " + fn.name + " past "
                            + PtxLoader.MAX_REGISTERS + " registers, the most a function may declare");
                }
                declareRegister(name, type);
            }
        } while (t.accept(","));
        t.expect(";");
    }

    /**
     * A register of the function; a {@code .b128} one is two consecutive 64-bit rows, its low
     * half then its high half ({@code name.hi}), which the instructions on it name both of.
     */
    private void declareRegister(String name, ScalarType type) {
        int idx = regNames.size();
        regNames.add(name);
        regTypes.add(type);
        if (type == ScalarType.B128) {
            regNames.add(name + ".hi");
            regTypes.add(ScalarType.B64);
        }
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

    /**
     * The instruction at the tokens' position. One the simulator cannot decode (an unknown opcode,
     * a type or operand it does not support) becomes a trap that the function records as
     * unsupported, so that the module still loads and only kernels reaching it are refused.
     */
    private Instruction parseInstruction() throws PtxException {
        int first = t.p;
        int line = t.lx.lines[t.p];
        Instruction in = new Instruction();
        in.line = line;
        in.location = loc;
        try {
            decodeInstruction(in, first);
            return in;
        } catch (PtxException e) {
            if (e instanceof UnterminatedStatement || e instanceof InstructionTable.InvalidInstruction || e.line() != line || t.kind() == PtxLexer.EOF) {
                throw e;
            }
            return unsupported(in, first, e.problem());
        }
    }

    /** An instruction whose end the parser cannot find: the rest of the text cannot be read as statements. */
    private static final class UnterminatedStatement extends PtxException {
        private static final long serialVersionUID = 1L;

        UnterminatedStatement(String file, int line, String opcode, String message) {
            super(file, line, opcode, message);
        }
    }

    private void decodeInstruction(Instruction in, int first) throws PtxException {
        int line = in.line;
        int guard = -1;
        boolean guardNeg = false;
        if (t.accept("@")) {
            guardNeg = t.accept("!");
            String g = t.word();
            guard = registerOf(g, line, null);
        }
        String opcode = t.word();
        in.opcode = opcode;
        if (!Decoder.isKnown(opcode)) {
            throw t.error(line, opcode, "unsupported instruction " + opcode);
        }
        List<Operand> ops = new ArrayList<>();
        if (!t.at(";")) {
            do {
                ops.add(Operand.parse(t, line, opcode, 0));
            } while (t.accept(","));
        }
        if (!t.at(";")) {
            throw new UnterminatedStatement(t.file, line, opcode, "expected ';' after " + opcode
                    + " operands but found '" + t.peek() + "'");
        }
        in.text = t.lx.text.substring(t.lx.starts[first], t.lx.ends[t.p - 1]).replaceAll("\\s+", " ").trim();
        t.p++;
        in.guard = guard;
        in.guardNegated = guardNeg;
        for (Operand o : ops) {
            registersByName(o);
        }
        new Decoder(this, in, opcode, ops).decode();
    }

    /**
     * PTX register names need no {@code %} (inline asm declares {@code .reg .pred p;}): a plain
     * name that the scopes declare as a register is a register operand.
     */
    private void registersByName(Operand o) {
        Symbol s = o.name != null && (o.kind == Operand.SYM || o.kind == Operand.ADDR) ? lookup(o.name) : null;
        if (s != null && s.kind == Symbol.SHARED) {
            o.name = s.variable;
        } else if (o.kind == Operand.SYM && o.offset == 0) {
            if (s != null && s.kind == Symbol.REGISTER) {
                o.kind = Operand.REG;
            }
        } else if (o.elems != null) {
            for (Operand e : o.elems) {
                registersByName(e);
            }
        }
    }

    /** A trap in place of {@code failed}, whose statement starts at token {@code first}; recorded as unsupported. */
    private Instruction unsupported(Instruction failed, int first, String problem) throws PtxException {
        branches.remove(failed);
        module.dropCall(failed);
        t.p = first;
        t.skipStatement();
        Instruction trap = new Instruction();
        trap.op = Op.TRAP;
        trap.line = failed.line;
        trap.location = failed.location;
        trap.opcode = failed.opcode != null ? failed.opcode : t.lx.text.substring(t.lx.starts[first], t.lx.ends[first]);
        trap.text = t.lx.text.substring(t.lx.starts[first], t.lx.ends[t.p - 2]).replaceAll("\\s+", " ").trim();
        fn.refuse(trap, problem);
        return trap;
    }

    // ------------------------------------------------------------------ for the decoder

    int registerOf(String name, int line, String opcode) throws PtxException {
        Symbol s = lookup(name);
        if (s != null && s.kind == Symbol.REGISTER) {
            return s.value;
        }
        int sp = Specials.indexOf(name);
        if (sp >= 0) {
            return sp;
        }
        if (Specials.isCluster(name) && module.targetSm() < 90) {
            throw t.error(line, opcode, name + " needs sm_90 or later; the module targets " + module.targetName());
        }
        sp = Specials.alias(name);
        if (sp >= 0) {
            return sp;
        }
        Long value = Specials.constantValue(name);
        if (value != null) {
            return constantOf(value);
        }
        if (name.startsWith("%")) {
            throw t.error(line, opcode, "unknown or unsupported register " + name);
        }
        throw t.error(line, opcode, name + " is not a register");
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

    /** A register, parameter or local the name refers to; null for module variables (shared ones included). */
    Symbol symbolOf(String name) {
        Symbol s = lookup(name);
        return s != null && s.kind == Symbol.SHARED ? null : s;
    }

    int constantOf(long value) {
        return constant(value, null, false);
    }

    int symbolConstant(String symbol, long offset, boolean generic) {
        return constant(offset, symbol, generic);
    }

    /** The module the function belongs to: its variables, functions and calls. */
    ModuleParser module() {
        return module;
    }

    /** A brx.idx to bind to the labels of its {@code .branchtargets} list once the body is read. */
    void addIndexedBranch(Instruction in, String list) {
        indexedBranches.put(in, list);
    }

    /** Whether {@code name} labels a {@code .callprototype} or {@code .calltargets} declared before. */
    boolean isCallDeclaration(String name) {
        return callDeclarations.containsKey(name);
    }

    /** Branches to bind to their labels once the body is read. */
    void addBranch(Instruction in, String label) {
        branches.put(in, label);
    }

    PtxFunction currentFunction() {
        return fn;
    }

    PtxException fail(Instruction in, String msg) {
        return t.error(in.line, in.opcode, msg);
    }
}
