package org.gpumem.ui.memory;

/** A byte range the user selected in a rendering: {@code length} bytes from {@code address} of the reader's space. */
public record ByteSelection(SpaceReader reader, long address, int length) {
}
