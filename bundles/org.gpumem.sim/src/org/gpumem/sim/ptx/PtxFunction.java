package org.gpumem.sim.ptx;

import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.gpumem.sim.ScalarType;
import org.gpumem.sim.UnsupportedConstruct;

/**
 * A kernel ({@code .entry}) or device function ({@code .func}) of a module: parameters,
 * decoded instructions, labels, local variables and the register file layout.
 * <p>
 * Register file: indices {@code 0 .. SPECIAL_COUNT-1} are the special registers
 * ({@link Specials}), then the constant registers (immediates and symbol addresses), then the
 * registers the function declares in the order they are declared (a name declared again in a
 * nested scope is a new register).
 */
public final class PtxFunction {
    final String name;
    final boolean entry;
    final int line;
    final int index;
    List<PtxParam> params = List.of();
    List<PtxParam> returns = List.of();
    List<Instruction> instructions = List.of();
    Map<String, Integer> labels = Map.of();
    List<PtxVariable> locals = List.of();
    List<PtxVariable> shared = List.of();
    Map<String, Long> localOffsets = Map.of();
    boolean defined;
    /** Instructions of this body the simulator cannot execute, and why, as the parser met them. */
    final List<Refusal> refusals = new java.util.ArrayList<>();
    /** The refusals as the API describes them (the call path is this function alone). */
    List<UnsupportedConstruct> ownUnsupported = List.of();
    /** For a kernel: everything unsupported it can reach, see {@link #unsupported()}. */
    List<UnsupportedConstruct> reachableUnsupported = List.of();
    /** For a kernel: by function index, whether its call graph reaches the function (itself included). */
    boolean[] reachableFunctions = new boolean[0];
    int endLine;
    long frameBytes;
    int paramFrameBytes;
    int kernelParamBytes;
    /** Names and types of all registers, by register index. */
    String[] registerNames = new String[0];
    ScalarType[] registerTypes = new ScalarType[0];
    int constantBase;
    long[] constants = new long[0];
    /** Per constant: the symbol whose address it holds (added to {@code constants[i]}), or null. */
    String[] constantSymbols = new String[0];
    /** Per constant: true when the symbol's address is the generic one. */
    boolean[] constantGeneric = new boolean[0];
    int declaredBase;
    /** For a kernel: the static shared memory of its CTA, see {@link #staticSharedBytes()}. */
    long staticSharedBytes;
    /** For a kernel: where its dynamic shared memory starts, see {@link #dynamicSharedOffset()}. */
    long dynamicSharedOffset;

    /**
     * An instruction (a trap in place of what could not be decoded, or a call) the simulator
     * cannot execute; for a directive, an instruction outside the code (index -1) carries its position.
     */
    record Refusal(Instruction at, String problem) {
    }

    PtxFunction(String name, boolean entry, int line, int index) {
        this.name = name;
        this.entry = entry;
        this.line = line;
        this.index = index;
    }

    public String name() {
        return name;
    }

    /** True for a kernel ({@code .entry}). */
    public boolean isEntry() {
        return entry;
    }

    /** Index in {@link PtxModule#functions()}. */
    public int index() {
        return index;
    }

    /** Line of the {@code .entry}/{@code .func} directive. */
    public int line() {
        return line;
    }

    /** Line of the closing brace, or the declaration line for a prototype. */
    public int endLine() {
        return endLine;
    }

    /** False for a prototype without a body. */
    public boolean isDefined() {
        return defined;
    }

    /**
     * For a kernel, every construct the simulator cannot execute that it can reach through its
     * call graph, each with a shortest call path from the kernel; empty when it is runnable. For
     * a {@code .func}, the constructs in its own body.
     */
    public List<UnsupportedConstruct> unsupported() {
        return entry ? reachableUnsupported : ownUnsupported;
    }

    void refuse(Instruction at, String problem) {
        refusals.add(new Refusal(at, problem));
    }

    /** Parameters in declaration order; for a kernel, the order of launch arguments. */
    public List<PtxParam> params() {
        return Collections.unmodifiableList(params);
    }

    /** Return parameters of a {@code .func}. */
    public List<PtxParam> returns() {
        return Collections.unmodifiableList(returns);
    }

    /** Bytes of the kernel parameter buffer (kernels only). */
    public int kernelParamBytes() {
        return kernelParamBytes;
    }

    public List<Instruction> instructions() {
        return Collections.unmodifiableList(instructions);
    }

    /** Label name to instruction index (the instruction that follows the label). */
    public Map<String, Integer> labels() {
        return Collections.unmodifiableMap(labels);
    }

    /** The function's {@code .local} variables (e.g. {@code __local_depotN}). */
    public List<PtxVariable> locals() {
        return Collections.unmodifiableList(locals);
    }

    /** Offset of a local variable in this function's frame of per-thread local memory. */
    public Map<String, Long> localOffsets() {
        return Collections.unmodifiableMap(localOffsets);
    }

    /** The {@code .shared} variables declared inside the body (demoted by nvcc). */
    public List<PtxVariable> sharedVariables() {
        return Collections.unmodifiableList(shared);
    }

    /**
     * For a kernel: the bytes of static shared memory a CTA needs, those of the {@code .shared}
     * variables its call graph names (0 for other functions).
     */
    public long staticSharedBytes() {
        return staticSharedBytes;
    }

    /**
     * For a kernel: where dynamic shared memory starts in its CTA, after its static part and
     * aligned to the strictest {@code .extern .shared} declaration (at least 16).
     */
    public long dynamicSharedOffset() {
        return dynamicSharedOffset;
    }

    /**
     * For a kernel: the shared memory of a CTA launched with {@code dynamicBytes} of dynamic
     * shared memory: the static part, then the dynamic part at {@link #dynamicSharedOffset()}.
     */
    public long ctaSharedBytes(long dynamicBytes) {
        return (dynamicBytes > 0 ? dynamicSharedOffset : staticSharedBytes) + dynamicBytes;
    }

    /** Bytes of per-thread local memory one activation of this function uses. */
    public long frameBytes() {
        return frameBytes;
    }

    /** Bytes of the per-thread param frame (formal params, return params, call-site params). */
    public int paramFrameBytes() {
        return paramFrameBytes;
    }

    public int registerCount() {
        return registerNames.length;
    }

    public String registerName(int index) {
        return registerNames[index];
    }

    /** Declared type of a register; null for special and constant registers. */
    public ScalarType registerType(int index) {
        return registerTypes[index];
    }

    /** Index of the first constant register. */
    public int constantBase() {
        return constantBase;
    }

    public int constantCount() {
        return constants.length;
    }

    /** The value of constant {@code i}, to which the address of {@link #constantSymbol} is added. */
    public long constantValue(int i) {
        return constants[i];
    }

    /** The symbol whose address constant {@code i} holds, or null for a plain number. */
    public String constantSymbol(int i) {
        return constantSymbols[i];
    }

    /** True when constant {@code i} holds the generic form of its symbol's address. */
    public boolean constantIsGeneric(int i) {
        return constantGeneric[i];
    }

    /** Index of the first declared register. */
    public int declaredBase() {
        return declaredBase;
    }

    /** Register index of a declared register name (the last declaration of it), or -1. */
    public int registerIndex(String name) {
        for (int i = registerNames.length - 1; i >= declaredBase; i--) {
            if (registerNames[i].equals(name)) {
                return i;
            }
        }
        for (int i = 0; i < Specials.COUNT; i++) {
            if (registerNames[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public String toString() {
        return (entry ? ".entry " : ".func ") + name;
    }
}
