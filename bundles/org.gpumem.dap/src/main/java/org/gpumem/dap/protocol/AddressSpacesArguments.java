package org.gpumem.dap.protocol;

/** Arguments of gpumem/addressSpaces. */
public class AddressSpacesArguments {
    /** The context the spaces are seen from; null: the focused lane. */
    public String context;
}
