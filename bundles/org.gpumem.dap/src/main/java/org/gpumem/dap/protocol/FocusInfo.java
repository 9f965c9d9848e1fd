package org.gpumem.dap.protocol;

/** The CUDA focus, as gpumem/focus answers it and gpumem/focusChanged announces it. */
public class FocusInfo {
    public String cta;
    public String warp;
    public String lane;
    /** cuda-gdb's words: {@code block (1,0,0) thread (69,0,0)}. */
    public String thread;
    /** The DAP thread of the focused warp. */
    public int threadId;
}
