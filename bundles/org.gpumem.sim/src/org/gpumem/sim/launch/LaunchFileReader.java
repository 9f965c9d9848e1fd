package org.gpumem.sim.launch;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.gpumem.dwarf.io.InputFiles;
import org.gpumem.sim.DeviceFacts;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.LaunchConfig;
import org.gpumem.sim.ScalarType;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonPrimitive;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;

/**
 * Reads a launch description:
 *
 * <pre>
 * {"module": "k.ptx" | "app", "kernel": "saxpy", "grid": [x,y,z], "block": [x,y,z],
 *  "sharedBytes": 0, "device": "sm_90",
 *  "args": [{"u32": 5}, {"f32": 2.5}, {"buffer": "x", "type": "f32", "count": 1024,
 *            "init": {"file": "x.bin"} | {"fill": 1.5} | {"iota": 0} | {"random": 7}},
 *           {"bytes": "0a0b0c0d"}, {"struct": [{"u32": 1}, {"f64": 2.0}, {"bytes": "ff"}]}],
 *  "outputs": ["x"]}
 * </pre>
 *
 * Relative paths are relative to the launch file's folder. {@code grid} and {@code block} take one
 * to three extents (missing ones are 1); {@code sharedBytes} (default 0), {@code device} (default
 * sm_90), {@code init} (default zero bytes) and {@code outputs} (default none) are optional.
 * Unknown fields are errors, so that a misspelt field is not silently ignored. Scalar values may be
 * JSON numbers or strings (decimal, or hex {@code 0x...} giving the raw bits, useful for 64-bit
 * values beyond a double's precision and for float bit patterns). Aggregates passed by value are
 * raw {@code bytes} (hex, two digits a byte) or a {@code struct} whose members (scalars, bytes,
 * structs) are laid out as C lays out a struct: each at its natural alignment, the whole rounded
 * up to the strictest one. Every error names the field.
 * A reader is not thread-safe.
 */
public final class LaunchFileReader {
    private static final Pattern BUFFER_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]{0,63}");
    private static final Pattern DEVICE = Pattern.compile("sm_[0-9]{2,3}[af]?");
    private static final Set<String> TOP_FIELDS = Set.of("module", "kernel", "grid", "block", "sharedBytes",
            "device", "args", "outputs");
    private static final Set<String> BUFFER_FIELDS = Set.of("buffer", "type", "count", "init");
    private static final String EXPECTED = "a launch description: a JSON object such as "
            + "{\"module\": \"k.ptx\", \"kernel\": \"k\", \"grid\": [1], \"block\": [32], \"args\": [...]}";
    /** Where Gson's reader stands, from its {@code toString()}: {@code JsonReader at line 3 column 7 path $.grid}. */
    private static final Pattern POSITION = Pattern.compile("at line (\\d+) column (\\d+)");

    /** The types a launch file may name: PTX's integer, bit and 32/64-bit float types. */
    private static final String TYPE_NAMES = "u8|u16|u32|u64|s8|s16|s32|s64|b8|b16|b32|b64|f32|f64";

    /** Largest aggregate passed by value: CUDA's limit on a kernel's whole parameter buffer (32,764 bytes since 12.1). */
    static final int MAX_AGGREGATE_BYTES = 32764;

    private final LaunchLimits limits;
    private String file;

    public LaunchFileReader(LaunchLimits limits) {
        this.limits = limits;
    }

    public LaunchFileReader() {
        this(LaunchLimits.defaults());
    }

    /** Reads and validates the launch file at {@code path}. */
    public LaunchDescription read(Path path) {
        file = path.toString();
        InputFiles.requireReadableFile(path, EXPECTED);
        long size;
        try {
            size = Files.size(path);
        } catch (IOException e) {
            throw InputFiles.failure(path, e);
        }
        if (size > limits.maxLaunchFileBytes()) {
            throw fail("$", "launch file is " + size + " bytes, more than the " + limits.maxLaunchFileBytes() + " allowed");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (IOException e) {
            throw InputFiles.failure(path, e);
        }
        String text = InputFiles.decodeUtf8(file, bytes, EXPECTED);
        Path dir = path.toAbsolutePath().getParent();
        return parse(text, dir, path);
    }

    /** Parses launch JSON {@code text}; relative paths resolve against {@code dir}. */
    public LaunchDescription parse(String text, Path dir) {
        file = "<launch>";
        return parse(text, dir, null);
    }

    private LaunchDescription parse(String text, Path dir, Path source) {
        JsonElement root = parseStrict(text);
        if (!root.isJsonObject()) {
            throw fail("$", "expected a JSON object");
        }
        JsonObject top = root.getAsJsonObject();
        checkKnown(top, TOP_FIELDS, "");
        Path module = dir.resolve(string(top, "module", ""));
        String kernel = string(top, "kernel", "");
        if (kernel.isEmpty()) {
            throw fail("kernel", "must not be empty");
        }
        Dim3 grid = dims(top, "grid", true);
        Dim3 block = dims(top, "block", false);
        long sharedBytes = top.has("sharedBytes") ? integer(top.get("sharedBytes"), "sharedBytes", 0, DeviceFacts.MOST_SHARED_BYTES_PER_BLOCK) : 0;
        String device = top.has("device") ? string(top, "device", "") : "sm_90";
        if (!DEVICE.matcher(device).matches()) {
            throw fail("device", "expected a target such as sm_90, got \"" + device + "\"");
        }
        List<KernelArgument> args = new ArrayList<>();
        JsonArray argArray = top.has("args") ? array(top, "args") : new JsonArray();
        Set<String> names = new HashSet<>();
        long total = 0;
        for (int i = 0; i < argArray.size(); i++) {
            String where = "args[" + i + "]";
            KernelArgument a = argument(argArray.get(i), where, dir);
            if (a instanceof KernelArgument.Buffer b) {
                if (!names.add(b.name())) {
                    throw fail(where + ".buffer", "buffer name \"" + b.name() + "\" is used twice");
                }
                total += b.byteSize();
                if (total > limits.maxTotalBufferBytes()) {
                    throw fail(where + ".count", "all buffers together would take " + total
                            + " bytes, more than the " + limits.maxTotalBufferBytes() + " allowed");
                }
            }
            args.add(a);
        }
        List<String> outputs = new ArrayList<>();
        if (top.has("outputs")) {
            JsonArray out = array(top, "outputs");
            for (int i = 0; i < out.size(); i++) {
                String where = "outputs[" + i + "]";
                JsonElement e = out.get(i);
                if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
                    throw fail(where, "expected a buffer name");
                }
                String name = e.getAsString();
                if (!names.contains(name)) {
                    throw fail(where, "no buffer argument is named \"" + name + "\"");
                }
                if (outputs.contains(name)) {
                    throw fail(where, "\"" + name + "\" is listed twice");
                }
                outputs.add(name);
            }
        }
        return new LaunchDescription(source, module, kernel, grid, block,
                (int) sharedBytes, device, args, outputs);
    }

    private JsonElement parseStrict(String text) {
        JsonReader reader = new JsonReader(new StringReader(text));
        reader.setStrictness(Strictness.STRICT);
        try {
            JsonElement root = readValue(reader, 0);
            if (reader.peek() != JsonToken.END_DOCUMENT) {
                throw syntaxError(reader, text, "text after the end of the JSON object");
            }
            return root;
        } catch (LaunchFileException e) {
            throw e;
        } catch (IOException | JsonParseException | IllegalStateException | NumberFormatException e) {
            // Gson's own text advises lenient parsing and links its troubleshooting page; say
            // instead where the text stops being JSON and what a launch file is.
            throw syntaxError(reader, text, text.isBlank() ? "the file is empty; expected " + EXPECTED
                    : "not JSON; expected " + EXPECTED);
        }
    }

    /** A syntax error at the reader's position, showing the text found there. */
    private LaunchFileException syntaxError(JsonReader reader, String text, String problem) {
        java.util.regex.Matcher m = POSITION.matcher(reader.toString());
        int line = 1;
        int column = 1;
        if (m.find()) {
            line = Integer.parseInt(m.group(1));
            column = Math.max(1, Integer.parseInt(m.group(2)) - 1);
        }
        String found = found(text, line, column);
        return LaunchFileException.syntax(file, line, column, problem + (found.isEmpty() ? "" : " (found \"" + found + "\")"));
    }

    /** Up to 24 characters of {@code text} from a 1-based line and column, for messages. */
    private static String found(String text, int line, int column) {
        int start = 0;
        for (int l = 1; l < line && start >= 0; l++) {
            int nl = text.indexOf('\n', start);
            start = nl < 0 ? -1 : nl + 1;
        }
        if (start < 0) {
            return "";
        }
        int at = Math.min(text.length(), start + column - 1);
        int end = text.indexOf('\n', at);
        String rest = text.substring(at, end < 0 ? text.length() : end).strip();
        StringBuilder shown = new StringBuilder();
        rest.codePoints().limit(24).forEach(c -> shown.appendCodePoint(c < 0x20 || c == '"' || c == '\\' ? '?' : c));
        return shown.toString();
    }

    /** A tree reader that, unlike Gson's, rejects duplicate keys and bounds nesting. */
    private JsonElement readValue(JsonReader reader, int depth) throws IOException {
        if (depth > 16) {
            throw fail(reader.getPath(), "nested too deeply");
        }
        switch (reader.peek()) {
            case BEGIN_OBJECT: {
                JsonObject o = new JsonObject();
                reader.beginObject();
                while (reader.hasNext()) {
                    String name = reader.nextName();
                    if (o.has(name)) {
                        throw fail(reader.getPath().substring(2), "given twice");
                    }
                    o.add(name, readValue(reader, depth + 1));
                }
                reader.endObject();
                return o;
            }
            case BEGIN_ARRAY: {
                JsonArray a = new JsonArray();
                reader.beginArray();
                while (reader.hasNext()) {
                    a.add(readValue(reader, depth + 1));
                }
                reader.endArray();
                return a;
            }
            case STRING:
                return new JsonPrimitive(reader.nextString());
            case NUMBER: {
                String at = reader.getPath();
                String digits = reader.nextString();
                if (digits.length() > 64) {
                    throw fail(at.length() > 2 ? at.substring(2) : "$", "number has more than 64 characters");
                }
                return new JsonPrimitive(new BigDecimal(digits));
            }
            case BOOLEAN:
                return new JsonPrimitive(reader.nextBoolean());
            case NULL:
                reader.nextNull();
                return com.google.gson.JsonNull.INSTANCE;
            default:
                throw fail("$", "unexpected " + reader.peek());
        }
    }

    private KernelArgument argument(JsonElement e, String where, Path dir) {
        if (!e.isJsonObject()) {
            throw fail(where, "expected an object such as {\"u32\": 5} or {\"buffer\": \"x\", ...}");
        }
        JsonObject o = e.getAsJsonObject();
        if (o.has("buffer")) {
            checkKnown(o, BUFFER_FIELDS, where + ".");
            return buffer(o, where, dir);
        }
        return byValue(o, where, 0);
    }

    /** A scalar or an aggregate: exactly one field, its kind. */
    private KernelArgument byValue(JsonObject o, String where, int depth) {
        if (o.size() != 1) {
            throw fail(where, "a scalar argument has exactly one field, its type (" + TYPE_NAMES
                    + "); an aggregate has \"bytes\" or \"struct\"; a buffer has \"buffer\"");
        }
        Map.Entry<String, JsonElement> only = o.entrySet().iterator().next();
        String at = where + "." + only.getKey();
        if (only.getKey().equals("bytes")) {
            return rawBytes(only.getValue(), at);
        }
        if (only.getKey().equals("struct")) {
            return struct(only.getValue(), at, depth);
        }
        ScalarType type = launchType(only.getKey());
        if (type == null) {
            throw fail(at, "unknown argument kind; expected one of " + TYPE_NAMES + ", bytes, struct or buffer");
        }
        return new KernelArgument.Scalar(type, bits(only.getValue(), type, at));
    }

    private KernelArgument.Aggregate rawBytes(JsonElement e, String where) {
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
            throw fail(where, "expected a string of hexadecimal digits, two a byte");
        }
        String hex = e.getAsString();
        if (hex.isEmpty() || hex.length() % 2 != 0 || hex.length() / 2 > MAX_AGGREGATE_BYTES) {
            throw fail(where, "expected 1 to " + MAX_AGGREGATE_BYTES + " bytes as an even number of hexadecimal digits, got "
                    + hex.length() + " digits");
        }
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            int hi = Character.digit(hex.charAt(2 * i), 16);
            int lo = Character.digit(hex.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) {
                throw fail(where, "\"" + hex.substring(2 * i, 2 * i + 2) + "\" at digit " + (2 * i) + " is not hexadecimal");
            }
            bytes[i] = (byte) (hi << 4 | lo);
        }
        return new KernelArgument.Aggregate(bytes, 1, "bytes");
    }

    /** C's struct layout: each member at its natural alignment, the size rounded up to the strictest. */
    private KernelArgument.Aggregate struct(JsonElement e, String where, int depth) {
        if (!e.isJsonArray() || e.getAsJsonArray().isEmpty()) {
            throw fail(where, "expected a non-empty array of members such as [{\"u32\": 1}, {\"f32\": 2.0}]");
        }
        if (depth > 4) {
            throw fail(where, "structs nested more than 4 deep");
        }
        JsonArray members = e.getAsJsonArray();
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int alignment = 1;
        for (int i = 0; i < members.size(); i++) {
            String at = where + "[" + i + "]";
            if (!members.get(i).isJsonObject()) {
                throw fail(at, "expected a member such as {\"u32\": 1}, {\"bytes\": \"..\"} or {\"struct\": [..]}");
            }
            KernelArgument m = byValue(members.get(i).getAsJsonObject(), at, depth + 1);
            byte[] bytes;
            int align;
            if (m instanceof KernelArgument.Scalar s) {
                bytes = s.paramBytes();
                align = s.type().size();
            } else {
                KernelArgument.Aggregate a = (KernelArgument.Aggregate) m;
                bytes = a.bytes();
                align = a.alignment();
            }
            while (out.size() % align != 0) {
                out.write(0);
            }
            out.writeBytes(bytes);
            alignment = Math.max(alignment, align);
            if (out.size() > MAX_AGGREGATE_BYTES) {
                throw fail(at, "the struct would take more than " + MAX_AGGREGATE_BYTES + " bytes");
            }
        }
        while (out.size() % alignment != 0) {
            out.write(0);
        }
        return new KernelArgument.Aggregate(out.toByteArray(), alignment, "struct");
    }

    private KernelArgument.Buffer buffer(JsonObject o, String where, Path dir) {
        String name = string(o, "buffer", where + ".");
        if (!BUFFER_NAME.matcher(name).matches()) {
            throw fail(where + ".buffer", "\"" + name + "\" is not a buffer name (letters, digits, _ . -, "
                    + "starting with a letter or _, at most 64 characters; it names the output file)");
        }
        String typeName = string(o, "type", where + ".");
        ScalarType type = launchType(typeName);
        if (type == null) {
            throw fail(where + ".type", "unknown type \"" + typeName + "\"; expected one of " + TYPE_NAMES);
        }
        if (!o.has("count")) {
            throw fail(where + ".count", "missing");
        }
        long maxCount = limits.maxBufferBytes() / type.size();
        long count = integer(o.get("count"), where + ".count", 1, maxCount);
        BufferInit init = new BufferInit.Zero();
        if (o.has("init")) {
            init = init(o.get("init"), type, count, where + ".init", dir);
        }
        return new KernelArgument.Buffer(name, type, count, init);
    }

    private BufferInit init(JsonElement e, ScalarType type, long count, String where, Path dir) {
        if (!e.isJsonObject() || e.getAsJsonObject().size() != 1) {
            throw fail(where, "expected one of {\"file\": path}, {\"fill\": value}, {\"iota\": start}, {\"random\": seed}");
        }
        Map.Entry<String, JsonElement> only = e.getAsJsonObject().entrySet().iterator().next();
        String kind = only.getKey();
        String at = where + "." + kind;
        JsonElement v = only.getValue();
        switch (kind) {
            case "file": {
                if (!v.isJsonPrimitive() || !v.getAsJsonPrimitive().isString()) {
                    throw fail(at, "expected a path");
                }
                Path p = dir.resolve(v.getAsString());
                long expected = count * type.size();
                long actual;
                try {
                    actual = Files.size(p);
                } catch (IOException x) {
                    throw fail(at, "cannot read " + p + ": " + InputFiles.describe(x));
                }
                if (actual != expected) {
                    throw fail(at, p + " has " + actual + " bytes; " + count + " " + type.ptxName()
                            + " elements need " + expected);
                }
                return new BufferInit.FromFile(p);
            }
            case "fill": {
                long bits = bits(v, type, at);
                return new BufferInit.Fill(type.isFloat()
                        ? (Number) (type == ScalarType.F32 ? (Object) Float.intBitsToFloat((int) bits) : (Object) Double.longBitsToDouble(bits))
                        : (Number) bits);
            }
            case "iota":
                return new BufferInit.Iota(integer(v, at, Long.MIN_VALUE, Long.MAX_VALUE));
            case "random":
                return new BufferInit.Random(integer(v, at, Long.MIN_VALUE, Long.MAX_VALUE));
            default:
                throw fail(at, "unknown init kind; expected file, fill, iota or random");
        }
    }

    /** The bit pattern of scalar {@code e} as {@code type}, range-checked. */
    private long bits(JsonElement e, ScalarType type, String where) {
        if (!e.isJsonPrimitive() || e.getAsJsonPrimitive().isBoolean()) {
            throw fail(where, "expected a number");
        }
        JsonPrimitive p = e.getAsJsonPrimitive();
        if (p.isString()) {
            String s = p.getAsString().trim();
            if (s.startsWith("0x") || s.startsWith("0X")) {
                BigInteger raw;
                try {
                    raw = new BigInteger(s.substring(2), 16);
                } catch (NumberFormatException x) {
                    throw fail(where, "\"" + s + "\" is not a hexadecimal number");
                }
                if (raw.bitLength() > type.size() * 8) {
                    throw fail(where, s + " does not fit in " + type.size() * 8 + " bits");
                }
                return raw.longValue();
            }
        }
        BigDecimal value = decimal(p, where);
        if (type.isFloat()) {
            double d = value.doubleValue();
            if (Double.isInfinite(d) || type == ScalarType.F32 && Float.isInfinite((float) d)) {
                throw fail(where, value + " is out of range for " + type.ptxName());
            }
            return type == ScalarType.F32 ? Float.floatToRawIntBits((float) d) & 0xffffffffL : Double.doubleToRawLongBits(d);
        }
        int bitsWide = type.size() * 8;
        BigInteger min = type.isSigned() ? BigInteger.ONE.shiftLeft(bitsWide - 1).negate() : BigInteger.ZERO;
        BigInteger max = type.isSigned() ? BigInteger.ONE.shiftLeft(bitsWide - 1).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(bitsWide).subtract(BigInteger.ONE);
        BigInteger i = integral(value, where);
        if (i.compareTo(min) < 0 || i.compareTo(max) > 0) {
            throw fail(where, value.toPlainString() + " is out of range for " + type.ptxName() + " [" + min + ", " + max + "]");
        }
        return i.longValue() & (bitsWide == 64 ? -1L : (1L << bitsWide) - 1);
    }

    private long integer(JsonElement e, String where, long min, long max) {
        if (!e.isJsonPrimitive()) {
            throw fail(where, "expected an integer");
        }
        BigInteger i = integral(decimal(e.getAsJsonPrimitive(), where), where);
        if (i.compareTo(BigInteger.valueOf(min)) < 0 || i.compareTo(BigInteger.valueOf(max)) > 0) {
            throw fail(where, i + " is out of range [" + min + ", " + max + "]");
        }
        return i.longValueExact();
    }

    private BigDecimal decimal(JsonPrimitive p, String where) {
        try {
            if (p.isNumber()) {
                return new BigDecimal(p.getAsNumber().toString());
            }
            if (p.isString()) {
                return new BigDecimal(p.getAsString().trim());
            }
        } catch (NumberFormatException x) {
            // falls through to the error below
        }
        throw fail(where, "expected a number, got " + p);
    }

    /** The integer value of {@code d}, refusing fractions and magnitudes no field could hold. */
    private BigInteger integral(BigDecimal d, String where) {
        BigDecimal s = d.stripTrailingZeros();
        if (s.scale() > 0) {
            throw fail(where, "expected an integer, got " + d);
        }
        if (s.precision() - s.scale() > 40) {
            throw fail(where, d + " is out of range");
        }
        return s.toBigIntegerExact();
    }

    private Dim3 dims(JsonObject o, String field, boolean isGrid) {
        if (!o.has(field)) {
            throw fail(field, "missing");
        }
        JsonElement e = o.get(field);
        JsonArray a;
        if (e.isJsonArray()) {
            a = e.getAsJsonArray();
        } else {
            a = new JsonArray();
            a.add(e);
        }
        if (a.size() < 1 || a.size() > 3) {
            throw fail(field, "expected [x], [x,y] or [x,y,z]");
        }
        long[] v = {1, 1, 1};
        for (int i = 0; i < a.size(); i++) {
            Dim3 limit = isGrid ? DeviceFacts.MAX_GRID : DeviceFacts.MAX_BLOCK;
            long max = i == 0 ? limit.x() : i == 1 ? limit.y() : limit.z();
            v[i] = integer(a.get(i), field + "[" + i + "]", 1, max);
        }
        if (isGrid && v[0] * v[1] * v[2] > LaunchConfig.MAX_CTAS) {
            throw fail(field, v[0] * v[1] * v[2] + " CTAs, more than " + LaunchConfig.MAX_CTAS);
        }
        if (!isGrid && v[0] * v[1] * v[2] > DeviceFacts.MAX_THREADS_PER_BLOCK) {
            throw fail(field, v[0] * v[1] * v[2] + " threads per block, more than " + DeviceFacts.MAX_THREADS_PER_BLOCK);
        }
        return new Dim3((int) v[0], (int) v[1], (int) v[2]);
    }

    private String string(JsonObject o, String field, String prefix) {
        JsonElement e = o.get(field);
        if (e == null) {
            throw fail(prefix + field, "missing");
        }
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
            throw fail(prefix + field, "expected a string");
        }
        return e.getAsString();
    }

    private JsonArray array(JsonObject o, String field) {
        JsonElement e = o.get(field);
        if (e == null) {
            throw fail(field, "missing");
        }
        if (!e.isJsonArray()) {
            throw fail(field, "expected an array");
        }
        return e.getAsJsonArray();
    }

    private void checkKnown(JsonObject o, Set<String> known, String prefix) {
        for (String k : o.keySet()) {
            if (!known.contains(k)) {
                throw fail(prefix + k, "unknown field; expected one of " + String.join(", ", new java.util.TreeSet<>(known)));
            }
        }
    }

    private static ScalarType launchType(String name) {
        for (String n : TYPE_NAMES.split("\\|")) {
            if (n.equals(name)) {
                return ScalarType.fromName(name);
            }
        }
        return null;
    }

    private LaunchFileException fail(String field, String problem) {
        return new LaunchFileException(file, field, problem);
    }
}
