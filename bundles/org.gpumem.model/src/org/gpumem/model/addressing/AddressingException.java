package org.gpumem.model.addressing;

/**
 * A location that reaches no byte: an offset outside its space or pool, a context too wide for a
 * context-dependent space, an offset of a windowed space that lies in no window. The message
 * names the space, the context and the offset.
 */
public class AddressingException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public AddressingException(String message) {
        super(message);
    }
}
