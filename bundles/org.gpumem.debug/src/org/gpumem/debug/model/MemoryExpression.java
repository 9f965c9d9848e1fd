package org.gpumem.debug.model;

import org.gpumem.debug.core.NotStoppedException;
import org.gpumem.debug.core.StopMemoryState;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.DebugException;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.VariableValue;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Location;
import org.gpumem.model.Target;
import org.gpumem.model.addressing.AddressSpaces;

/**
 * Memory expressions in CDT's {@code [space]:[expression]} form: {@code shared:0x40},
 * {@code local:&arr}, {@code private_lane:0x10}, {@code generic:0x...}, and a plain expression
 * meaning the target's default space. Spaces are those of the target, by name or alias. The
 * expression is a sum or difference of terms; a term is a number (decimal or {@code 0x} hex),
 * {@code &name} (the offset of a variable of the frame in the requested space: its own offset,
 * or the offset through which that space reaches the variable's bytes, as the model's aliases
 * give it: its generic address, or for a local variable viewed through {@code local_warp} its
 * physical offset in the warp's interleaved pool) or {@code name} (the value of a scalar or
 * pointer variable). Variables are those of the selected frame, read for the frame's focused
 * lane, which is also the context of the block.
 */
public final class MemoryExpression {
    private static final Pattern SPACE_PREFIX = Pattern.compile("\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*:(?!:)(.*)", Pattern.DOTALL);
    private static final Pattern TERM = Pattern.compile("\\s*([+-]?)\\s*(&?)\\s*(0[xX][0-9a-fA-F]+|[0-9]+|[A-Za-z_$][A-Za-z0-9_$.]*)\\s*");

    /**
     * Where an expression points: the space (its name in the target), the lane that sees it, and
     * the offset; {@code element} is the DWARF element type of the variable an {@code &name}
     * term takes the address of (what the bytes there hold), null for plain addresses.
     */
    public record Result(String space, LaneId lane, long offset, VariableValue.Element element) {
    }

    private MemoryExpression() {
    }

    /**
     * Evaluates {@code expression} among the spaces of {@code target}, in the context of
     * {@code frame} (may be null: then only numbers are allowed) and {@code lane}.
     *
     * @throws DebugException naming the problem: unknown space or variable, bad syntax
     */
    public static Result evaluate(String expression, Target target, PtxStackFrame frame, LaneId lane) throws DebugException {
        String text = expression == null ? "" : expression.trim();
        AddressSpace space = target.getDefaultSpace();
        Matcher prefix = SPACE_PREFIX.matcher(text);
        if (prefix.matches()) {
            space = AddressSpaces.find(target, prefix.group(1));
            if (space == null) {
                throw fail(expression, "unknown address space '" + prefix.group(1) + "' (known: " + knownNames(target) + ")");
            }
            text = prefix.group(2).trim();
        }
        if (text.isEmpty()) {
            throw fail(expression, "no address after the space");
        }
        long sum = 0;
        VariableValue.Element element = null;
        int pos = 0;
        boolean first = true;
        Matcher term = TERM.matcher(text);
        while (pos < text.length()) {
            if (!term.find(pos) || term.start() != pos) {
                throw fail(expression, "cannot read '" + text.substring(pos) + "'");
            }
            String sign = term.group(1);
            if (sign.isEmpty() && !first) {
                throw fail(expression, "expected + or - before '" + term.group(3) + "'");
            }
            boolean addressOf = term.group(2).equals("&");
            long value = value(expression, addressOf, term.group(3), space.getName(), frame);
            if (addressOf) {
                element = frame.variable(term.group(3)).variable().element();
            }
            sum = "-".equals(sign) ? sum - value : sum + value;
            pos = term.end();
            first = false;
        }
        return new Result(space.getName(), lane, sum, element);
    }

    /** Every space name and alias of the target, for messages. */
    private static String knownNames(Target target) {
        StringBuilder sb = new StringBuilder();
        for (AddressSpace s : target.getAddressSpaces()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(s.getName());
            for (String a : s.getAliases()) {
                sb.append(", ").append(a);
            }
        }
        return sb.toString();
    }

    private static long value(String expression, boolean addressOf, String token, String space, PtxStackFrame frame)
            throws DebugException {
        if (Character.isDigit(token.charAt(0))) {
            if (addressOf) {
                throw fail(expression, "cannot take the address of a number");
            }
            try {
                return token.startsWith("0x") || token.startsWith("0X") ? Long.parseUnsignedLong(token.substring(2), 16)
                        : Long.parseLong(token);
            } catch (NumberFormatException e) {
                throw fail(expression, "number out of range: " + token);
            }
        }
        KernelVariable v = frame == null ? null : frame.variable(token);
        if (v == null) {
            throw fail(expression, "no variable '" + token + "' in " + (frame == null ? "this context" : frame.getName()));
        }
        if (addressOf) {
            return addressIn(expression, v, space, frame);
        }
        VariableValue value = v.variable();
        byte[] bytes = v.bytes();
        if (bytes == null || value.count() != 1 || value.element().size() > 8) {
            throw fail(expression, "'" + token + "' is not a scalar with a value (" + value.type() + ")");
        }
        long bits = 0;
        for (int i = Math.min(bytes.length, 8) - 1; i >= 0; i--) {
            bits = bits << 8 | (bytes[i] & 0xff);
        }
        return bits;
    }

    private static long addressIn(String expression, KernelVariable v, String space, PtxStackFrame frame)
            throws DebugException {
        VariableValue.Location l = v.memoryLocation();
        if (l == null) {
            throw fail(expression, "'" + v.getName() + "' is in " + v.location() + " and has no address");
        }
        if (l.space().equals(space)) {
            return l.offset();
        }
        StopMemoryState stop = frame.kernelTarget().stopMemoryState();
        Location at = stop == null ? null : stop.location(l.space(), l.lane(), l.offset());
        if (at == null) {
            throw fail(expression, "the kernel is not stopped with '" + v.getName() + "' resident");
        }
        long offset;
        try {
            offset = stop.offsetIn(space, l.lane(), at);
        } catch (NotStoppedException e) {
            throw SessionCalls.notStopped(e);
        }
        if (offset < 0) {
            throw fail(expression, "'" + v.getName() + "' is in " + l.space() + ", which " + space
                    + " does not reach from " + l.lane().describe(org.gpumem.model.Scope.LANE));
        }
        return offset;
    }

    private static DebugException fail(String expression, String problem) {
        return new DebugException(Status.error("memory expression '" + expression + "': " + problem));
    }
}
