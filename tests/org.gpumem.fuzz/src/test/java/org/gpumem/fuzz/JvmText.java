package org.gpumem.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a JVM exception's text looks like in a message meant for the user: the messages of index,
 * null-pointer, arithmetic, cast and number-format exceptions, exception and error class names
 * (simple or qualified), and the messages of the decoding libraries gpumem uses. A declared
 * error whose message matches is a finding of the fuzz targets and a failure of
 * {@link UserMessagesTest}; text that the input itself holds (a message may quote the input)
 * does not count.
 */
final class JvmText {
    static final Pattern PATTERN = Pattern.compile(String.join("|",
            "Index -?\\d+ out of bounds", "out of bounds for length", "[Ii]ndex: -?\\d+, [Ss]ize: -?\\d+", "index=-?\\d+, size=-?\\d+",
            "Cannot invoke \"", "because \"[^\"]*\" is null", "cannot be cast to", "For input string", "integer overflow",
            "long overflow", "/ by zero", "Cannot read the array length", "Cannot load from \\w+ array",
            "\\b[A-Z]\\w*(Exception|Error)\\b", "\\b(?:java|javax|jdk|sun|io\\.airlift|org\\.eclipse|com\\.google)\\.[a-z]\\w*\\.",
            "\\b[a-z]+\\.[a-z]+\\.[A-Z]\\w+", "Invalid magic prefix", "Not enough input bytes", "Input is corrupted",
            "Output buffer too small", "Malformed input", "Expecting @ at index", "Expecting true or false",
            "\\bnull\\b(?! byte)"));

    private JvmText() {
    }

    /** The JVM text in {@code message} that {@code input} does not hold itself, or null. */
    static String find(String message, byte[] input) {
        if (message == null) {
            return "a message that is null";
        }
        String inputText = input == null ? "" : new String(input, StandardCharsets.ISO_8859_1);
        Matcher m = PATTERN.matcher(message);
        while (m.find()) {
            if (!inputText.contains(m.group())) {
                return m.group();
            }
        }
        return null;
    }

    /** Throws an {@link AssertionError} naming the JVM text when {@code message} holds some. */
    static void check(String message, byte[] input) {
        String found = find(message, input);
        if (found != null) {
            throw new AssertionError("a user-facing message carries JVM exception text (\"" + found + "\"): " + message);
        }
    }
}
