package org.gpumem.sim.ptx;

import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A loaded PTX module: its functions with decoded instructions, module-scope variables, the
 * static shared-memory layout, the {@code .file} table, and the skipped debug sections.
 * Immutable after {@link PtxLoader} returns it; safe to share between threads.
 */
public final class PtxModule {
    /**
     * The pseudo-symbol whose address is the start of the kernel parameter buffer, used by
     * constant registers that hold generic addresses of kernel parameters.
     */
    public static final String KERNEL_PARAMS_SYMBOL = "%kernel_params";
    /**
     * Where function addresses start ({@code mov.u64 %rd, func;}, a vtable's entries): PTX has no
     * code addresses a program may read through, so a function's address is a number of its own,
     * {@code CODE_BASE + 16 * index} (index: its place in {@link #functions()}), below the first
     * global allocation and outside every generic window, so that a load or store through it
     * faults and an indirect call through any other value is told apart.
     */
    public static final long CODE_BASE = 0xC0DE_0000L;
    private static final int CODE_STRIDE = 16;

    final String name;
    final String text;
    String version = "";
    String target = "";
    boolean debugTarget;
    int addressSize = 64;
    List<PtxFunction> functions = List.of();
    Map<String, PtxFunction> functionsByName = Map.of();
    List<PtxVariable> variables = List.of();
    Map<String, PtxVariable> variablesByName = Map.of();
    Map<Integer, String> files = Map.of();
    List<DebugSection> debugSections = List.of();
    Map<String, Long> sharedOffsets = Map.of();

    PtxModule(String name, String text) {
        this.name = name;
        this.text = text;
    }

    /** The file name given to the loader (used in messages). */
    public String name() {
        return name;
    }

    /** The PTX text as loaded. */
    public String text() {
        return text;
    }

    /** {@code .version}, e.g. {@code 9.0}. */
    public String version() {
        return version;
    }

    /** The first {@code .target} entry, e.g. {@code sm_90}. */
    public String target() {
        return target;
    }

    /**
     * Whether the module's threads are scheduled independently (PTX ISA: each thread has its own
     * program counter from sm_70 on): true unless {@code .target} names an sm below 70, whose
     * warps keep the lockstep of earlier GPUs, as a GPU runs PTX compiled for them.
     */
    public boolean independentThreads() {
        int sm = targetSm();
        return sm == 0 || sm >= 70;
    }

    /**
     * The sm number of {@code .target} ({@code sm_90a}: 90), {@link Integer#MAX_VALUE} for one past
     * every int, or 0 when it names no sm.
     */
    int targetSm() {
        if (!target.matches("sm_\\d+[a-z]?")) {
            return 0;
        }
        String digits = target.replaceAll("[^0-9]", "").replaceFirst("^0+(?=.)", "");
        return digits.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(digits);
    }

    /** True when {@code .target} lists {@code debug} (nvcc -G). */
    public boolean isDebugTarget() {
        return debugTarget;
    }

    public int addressSize() {
        return addressSize;
    }

    /** Functions and kernels in order of first declaration. */
    public List<PtxFunction> functions() {
        return Collections.unmodifiableList(functions);
    }

    /** The kernels ({@code .entry}). */
    public List<PtxFunction> kernels() {
        return functions.stream().filter(PtxFunction::isEntry).toList();
    }

    /** The address of the function with index {@code index} ({@link #CODE_BASE}). */
    public static long functionAddress(int index) {
        return CODE_BASE + (long) CODE_STRIDE * index;
    }

    /** The function or kernel whose address ({@link #functionAddress}) is {@code address}, or null. */
    public PtxFunction functionAt(long address) {
        long off = address - CODE_BASE;
        if (off < 0 || off % CODE_STRIDE != 0 || off / CODE_STRIDE >= functions.size()) {
            return null;
        }
        return functions.get((int) (off / CODE_STRIDE));
    }

    /** The function or kernel with this (mangled) name, or null. */
    public PtxFunction function(String name) {
        return functionsByName.get(name);
    }

    /** Module-scope {@code .global}, {@code .const} and {@code .shared} variables, and demoted shared ones. */
    public List<PtxVariable> variables() {
        return Collections.unmodifiableList(variables);
    }

    public PtxVariable variable(String name) {
        return variablesByName.get(name);
    }

    /** The {@code .file} table: index to path. */
    public Map<Integer, String> files() {
        return Collections.unmodifiableMap(files);
    }

    /** The {@code .section .debug_*} blocks, in order. */
    public List<DebugSection> debugSections() {
        return Collections.unmodifiableList(debugSections);
    }

    /**
     * Offsets of all shared variables in a CTA's shared memory. Offsets are module wide (code
     * that several kernels call names one address); variables no kernel reaches together may
     * overlap, and dynamic shared memory ({@code .extern .shared}) starts after the static part
     * of every kernel that names it. What a kernel's CTA needs is
     * {@link PtxFunction#staticSharedBytes()} and {@link PtxFunction#dynamicSharedOffset()}.
     */
    public Map<String, Long> sharedOffsets() {
        return Collections.unmodifiableMap(sharedOffsets);
    }
}
