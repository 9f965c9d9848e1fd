package org.gpumem.model.targets;

/**
 * A generic window a {@link TargetBuilder} is to make: offsets {@code [start, start + length)}
 * of the windowed space lead to offsets from 0 of the space named {@code space} (of the same
 * description, possibly defined later; {@link TargetBuilder#build()} checks the name).
 */
public record WindowSpec(long start, long length, String space) {
    public WindowSpec {
        if (space == null || space.isEmpty()) {
            throw new IllegalArgumentException("a window needs the name of the space it leads to");
        }
    }
}
