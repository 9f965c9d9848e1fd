package org.gpumem.dap.protocol;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A memoryReference of gpumem: {@code <space> [<context>] +0x<offset>}, e.g.
 * {@code shared [CTA (1,0,0)] +0x40}, the label of gpumem's memory blocks in Eclipse. The context
 * is a context name as the protocol writes them ({@code device}, {@code CTA (1,0,0)},
 * {@code CTA (1,0,0) warp 2 lane 5}); the offset is unsigned.
 */
public record SpaceReference(String space, String context, long offset) {
    private static final Pattern NOTATION = Pattern.compile("(\\S+) \\[([^\\]]+)\\] \\+0x([0-9a-fA-F]{1,16})");

    public SpaceReference {
        if (space.isEmpty() || space.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("a space name has no blanks: '" + space + "'");
        }
        if (context.isEmpty() || context.indexOf(']') >= 0) {
            throw new IllegalArgumentException("not a context name: '" + context + "'");
        }
    }

    /** Reads the notation; null when {@code text} is not in it. */
    public static SpaceReference parse(String text) {
        Matcher m = NOTATION.matcher(text);
        if (!m.matches()) {
            return null;
        }
        return new SpaceReference(m.group(1), m.group(2), Long.parseUnsignedLong(m.group(3), 16));
    }

    /** The reference {@code delta} bytes further (wrapping as unsigned 64-bit offsets do). */
    public SpaceReference plus(long delta) {
        return new SpaceReference(space, context, offset + delta);
    }

    @Override
    public String toString() {
        return space + " [" + context + "] +0x" + Long.toHexString(offset);
    }
}
