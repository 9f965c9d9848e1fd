package org.gpumem.dwarf.ptx;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.info.DebugSections;
import org.gpumem.dwarf.info.SymbolLayout;

/**
 * The DWARF that nvcc -G writes inside PTX text, assembled into sections:
 * <pre>
 *     .section .debug_info
 *     {
 *     .b32 761
 *     .b32 .debug_abbrev
 *     .b8 108,103,101,...
 *     .b64 $L__func_begin0
 *     }
 * </pre>
 * Each {@code .b8/.b16/.b32/.b64} directive appends its comma-separated operands, little-endian,
 * at their width. Numeric operands are stored; symbolic ones ({@code $L__tmp3},
 * {@code __local_depot0}, a parameter name, {@code .debug_loc+133}, {@code sym-4}) become
 * {@link DebugSections.Relocation}s resolved later against the caller's {@link SymbolLayout}.
 * Labels defined inside a debug section ({@code $L__info_string0:}) become references into that
 * section (section name plus the label's offset), which need no layout. Anything else inside a
 * section block is an error naming the line.
 */
public final class PtxDebugSections implements DebugSections {
    private static final Pattern SECTION = Pattern.compile("\\s*\\.section\\s+([.\\w$]+)\\s*(\\{)?\\s*");
    private static final Pattern DIRECTIVE = Pattern.compile("\\s*\\.b(8|16|32|64)\\s+(.*)");
    private static final Pattern LABEL = Pattern.compile("\\s*([$%\\w.]+)\\s*:\\s*");
    private static final Pattern SYMBOLIC = Pattern.compile("([$%A-Za-z_.][$%\\w.]*)\\s*(?:([+-])\\s*(\\w+))?");

    private final String fileName;
    private final Map<String, ByteBuffer> sections;
    private final Map<String, List<Relocation>> relocations;

    private PtxDebugSections(String fileName, Map<String, ByteBuffer> sections, Map<String, List<Relocation>> relocations) {
        this.fileName = fileName;
        this.sections = sections;
        this.relocations = relocations;
    }

    public static PtxDebugSections read(Path ptx) throws IOException {
        return assemble(ptx.getFileName().toString(), Files.readString(ptx, StandardCharsets.UTF_8));
    }

    /** Assembles every {@code .section NAME { ... }} block of {@code text}; {@code fileName} names errors. */
    public static PtxDebugSections assemble(String fileName, String text) {
        return new Assembler(fileName).run(text);
    }

    @Override
    public String fileName() {
        return fileName;
    }

    @Override
    public ByteOrder order() {
        return ByteOrder.LITTLE_ENDIAN;
    }

    @Override
    public ByteBuffer section(String name) {
        ByteBuffer b = sections.get(name);
        return b == null ? null : b.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Names of the assembled sections, in order of first appearance. */
    public List<String> sectionNames() {
        return List.copyOf(sections.keySet());
    }

    @Override
    public List<Relocation> relocations(String name) {
        return relocations.getOrDefault(name, List.of());
    }

    @Override
    public SymbolLayout definedSymbols() {
        return SymbolLayout.NONE;
    }

    @Override
    public int machine() {
        return ElfFile.EM_CUDA;
    }

    private static final class Pending {
        final String section;
        final long offset;
        final int size;
        final String symbol;
        final long addend;
        final int line;

        Pending(String section, long offset, int size, String symbol, long addend, int line) {
            this.section = section;
            this.offset = offset;
            this.size = size;
            this.symbol = symbol;
            this.addend = addend;
            this.line = line;
        }
    }

    private static final class Assembler {
        final String file;
        final Map<String, ByteArrayOutputStream> bytes = new LinkedHashMap<>();
        final List<Pending> pending = new ArrayList<>();
        /** label -> {section, offset} for labels defined inside debug sections. */
        final Map<String, Object[]> labels = new HashMap<>();
        int lineNo;

        Assembler(String file) {
            this.file = file;
        }

        PtxSyntaxException error(String section, String problem) {
            long at = section == null ? 0 : bytes.get(section).size();
            return new PtxSyntaxException(file, lineNo, section, at, problem);
        }

        PtxDebugSections run(String text) {
            String[] lines = text.split("\r?\n", -1);
            String open = null;
            String awaitingBrace = null;
            for (int i = 0; i < lines.length; i++) {
                lineNo = i + 1;
                String line = stripComment(lines[i]);
                if (line.isBlank()) {
                    continue;
                }
                if (awaitingBrace != null) {
                    if (!line.trim().equals("{")) {
                        throw error(null, "expected '{' after .section " + awaitingBrace);
                    }
                    open = awaitingBrace;
                    awaitingBrace = null;
                    continue;
                }
                if (open == null) {
                    Matcher s = SECTION.matcher(line);
                    if (s.matches()) {
                        bytes.computeIfAbsent(s.group(1), k -> new ByteArrayOutputStream());
                        if (s.group(2) != null) {
                            open = s.group(1);
                        } else {
                            awaitingBrace = s.group(1);
                        }
                    }
                    continue;
                }
                String trimmed = line.trim();
                if (trimmed.equals("}")) {
                    open = null;
                    continue;
                }
                Matcher d = DIRECTIVE.matcher(line);
                if (d.matches()) {
                    directive(open, Integer.parseInt(d.group(1)) / 8, d.group(2));
                    continue;
                }
                Matcher l = LABEL.matcher(line);
                if (l.matches()) {
                    if (labels.put(l.group(1), new Object[] {open, (long) bytes.get(open).size()}) != null) {
                        throw error(open, "label " + l.group(1) + " defined twice");
                    }
                    continue;
                }
                throw error(open, "unexpected '" + abbreviate(trimmed) + "' in section " + open);
            }
            if (awaitingBrace != null || open != null) {
                throw error(open, "section " + (open != null ? open : awaitingBrace) + " not closed at end of file");
            }
            Map<String, ByteBuffer> sections = new LinkedHashMap<>();
            bytes.forEach((name, out) -> sections.put(name, ByteBuffer.wrap(out.toByteArray()).order(ByteOrder.LITTLE_ENDIAN)));
            Map<String, List<Relocation>> relocs = new HashMap<>();
            for (Pending p : pending) {
                Object[] label = labels.get(p.symbol);
                String symbol = label != null ? (String) label[0] : p.symbol;
                long addend = label != null ? (Long) label[1] + p.addend : p.addend;
                relocs.computeIfAbsent(p.section, k -> new ArrayList<>())
                        .add(new Relocation(p.offset, p.size, symbol, addend));
            }
            relocs.replaceAll((k, v) -> Collections.unmodifiableList(v));
            return new PtxDebugSections(file, Collections.unmodifiableMap(sections), Collections.unmodifiableMap(relocs));
        }

        void directive(String section, int size, String operands) {
            ByteArrayOutputStream out = bytes.get(section);
            for (String raw : operands.split(",", -1)) {
                String operand = raw.trim();
                if (operand.isEmpty()) {
                    throw error(section, "empty operand in .b" + size * 8);
                }
                long value;
                if (Character.isDigit(operand.charAt(0)) || operand.charAt(0) == '-') {
                    value = number(section, operand, size);
                } else {
                    Matcher m = SYMBOLIC.matcher(operand);
                    if (!m.matches()) {
                        throw error(section, "bad operand '" + abbreviate(operand) + "'");
                    }
                    long addend = 0;
                    if (m.group(2) != null) {
                        addend = number(section, m.group(3), 8);
                        if (m.group(2).equals("-")) {
                            addend = -addend;
                        }
                    }
                    pending.add(new Pending(section, out.size(), size, m.group(1), addend, lineNo));
                    value = 0;
                }
                for (int i = 0; i < size; i++) {
                    out.write((int) (value >>> (8 * i)));
                }
            }
        }

        long number(String section, String text, int size) {
            boolean negative = text.startsWith("-");
            String digits = negative ? text.substring(1) : text;
            if (digits.endsWith("U") || digits.endsWith("u")) {
                digits = digits.substring(0, digits.length() - 1);
            }
            long v;
            try {
                if (digits.startsWith("0x") || digits.startsWith("0X")) {
                    v = Long.parseUnsignedLong(digits.substring(2), 16);
                } else if (digits.startsWith("0b") || digits.startsWith("0B")) {
                    v = Long.parseUnsignedLong(digits.substring(2), 2);
                } else if (digits.length() > 1 && digits.startsWith("0")) {
                    v = Long.parseUnsignedLong(digits.substring(1), 8);
                } else {
                    v = Long.parseUnsignedLong(digits);
                }
            } catch (NumberFormatException e) {
                throw error(section, "bad number '" + abbreviate(text) + "'");
            }
            if (size < 8) {
                long max = 1L << (size * 8);
                boolean fits = negative ? Long.compareUnsigned(v, max / 2) <= 0 : Long.compareUnsigned(v, max) < 0;
                if (!fits) {
                    throw error(section, text + " does not fit .b" + size * 8);
                }
            }
            return negative ? -v : v;
        }

        static String stripComment(String line) {
            int c = line.indexOf("//");
            return c >= 0 ? line.substring(0, c) : line;
        }

        static String abbreviate(String s) {
            return s.length() > 40 ? s.substring(0, 40) + "..." : s;
        }
    }
}
