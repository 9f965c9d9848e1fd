package org.gpumem.dap.protocol;

/** Arguments of gpumem/lanes. */
public class LanesArguments {
    public String expression;
    /** The frame whose function evaluates it; null: the warp's top frame. */
    public Integer frameId;
    /** The warp; null: the focused warp. */
    public String warp;
}
