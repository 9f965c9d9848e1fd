package org.gpumem.dwarf.ptx;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.info.DebugSections;
import org.gpumem.dwarf.info.SymbolLayout;
import org.gpumem.dwarf.io.InputFiles;

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
 * <p>
 * nvcc writes no {@code .debug_line} block: ptxas builds it from the {@code .file N "path"}
 * directives (and {@code .loc}), and DW_AT_stmt_list points at it ({@code .b32 .debug_line}).
 * The DIEs' DW_AT_decl_file values are those {@code .file} numbers, which ptxas keeps as the
 * 1-based indexes of its DWARF 2 file table. So when the input has {@code .file} directives and
 * no {@code .debug_line} contents, a DWARF 2 {@code .debug_line} holding just that file table
 * (directory and base name split as ptxas does, no line program: PTX has no addresses) is
 * synthesised, and readers of .debug_line need no PTX special case.
 */
public final class PtxDebugSections implements DebugSections {
    private static final Pattern SECTION = Pattern.compile("\\s*\\.section\\s+([.\\w$]+)\\s*(\\{)?\\s*");
    private static final Pattern DIRECTIVE = Pattern.compile("\\s*\\.b(8|16|32|64)\\s+(.*)");
    private static final Pattern LABEL = Pattern.compile("\\s*([$%\\w.]+)\\s*:\\s*");
    private static final Pattern SYMBOLIC = Pattern.compile("([$%A-Za-z_.][$%\\w.]*)\\s*(?:([+-])\\s*(\\w+))?");
    private static final Pattern FILE_START = Pattern.compile("\\s*\\.file\\s.*");
    /** {@code .file N "path"} with the optional {@code , timestamp, size}; matched on the line before comment stripping. */
    private static final Pattern FILE = Pattern.compile(
            "\\s*\\.file\\s+(\\w+)\\s+\"((?:[^\"\\\\]|\\\\.)*)\"\\s*(?:,\\s*(\\w+)\\s*,\\s*(\\w+)\\s*)?(?://.*)?");
    private static final String DEBUG_LINE = ".debug_line";

    private final String fileName;
    private final Map<String, ByteBuffer> sections;
    private final Map<String, List<Relocation>> relocations;

    private PtxDebugSections(String fileName, Map<String, ByteBuffer> sections, Map<String, List<Relocation>> relocations) {
        this.fileName = fileName;
        this.sections = sections;
        this.relocations = relocations;
    }

    public static PtxDebugSections read(Path ptx) throws IOException {
        return assemble(ptx.getFileName().toString(), InputFiles.readUtf8(ptx, "PTX text"));
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

    /** Names of the assembled sections, in order of first appearance; a synthesised .debug_line comes last. */
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

    /** The operand counts of DWARF 2's standard opcodes DW_LNS_copy .. DW_LNS_fixed_advance_pc, as ptxas writes them. */
    private static final byte[] STANDARD_OPCODE_LENGTHS = {0, 1, 1, 1, 1, 0, 0, 0, 1};

    private record SourceFile(String path, long timestamp, long size, int line) {
    }

    private static final class Assembler {
        final String file;
        final Map<String, ByteArrayOutputStream> bytes = new LinkedHashMap<>();
        final List<Pending> pending = new ArrayList<>();
        /** label -> {section, offset} for labels defined inside debug sections. */
        final Map<String, Object[]> labels = new HashMap<>();
        /** {@code .file} number -> entry, in number order. */
        final TreeMap<Long, SourceFile> files = new TreeMap<>();
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
                    if (FILE_START.matcher(line).matches()) {
                        file(lines[i]);
                        continue;
                    }
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
            ByteArrayOutputStream lineSection = bytes.get(DEBUG_LINE);
            if (!files.isEmpty() && (lineSection == null || lineSection.size() == 0)) {
                sections.put(DEBUG_LINE, ByteBuffer.wrap(fileTable()).order(ByteOrder.LITTLE_ENDIAN));
            }
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

        void file(String rawLine) {
            Matcher m = FILE.matcher(rawLine);
            if (!m.matches()) {
                throw error(null, "malformed .file directive '" + abbreviate(rawLine.trim()) + "'");
            }
            long index = number(null, m.group(1), 8);
            if (index < 1) {
                throw error(null, ".file number " + m.group(1) + " is not positive");
            }
            long timestamp = m.group(3) == null ? 0 : number(null, m.group(3), 8);
            long size = m.group(4) == null ? 0 : number(null, m.group(4), 8);
            String path = m.group(2).replaceAll("\\\\(.)", "$1");
            if (path.isEmpty()) {
                throw error(null, ".file " + index + " has an empty path");
            }
            SourceFile earlier = files.putIfAbsent(index, new SourceFile(path, timestamp, size, lineNo));
            if (earlier != null) {
                throw error(null, ".file " + index + " already declared on line " + earlier.line());
            }
        }

        /**
         * A DWARF 2 .debug_line header whose file table is the {@code .file} directives. The table
         * is positional, so numbers must run 1, 2, 3... without gaps.
         */
        byte[] fileTable() {
            long expected = 1;
            Map<String, Integer> directories = new LinkedHashMap<>();
            ByteArrayOutputStream names = new ByteArrayOutputStream();
            for (Map.Entry<Long, SourceFile> e : files.entrySet()) {
                SourceFile f = e.getValue();
                if (e.getKey() != expected) {
                    lineNo = f.line();
                    throw error(null, ".file " + e.getKey() + " follows .file " + (expected - 1)
                            + ": file numbers must be consecutive from 1");
                }
                expected++;
                int slash = f.path().lastIndexOf('/');
                long directory = 0;
                String name = f.path();
                if (slash >= 0 && slash < f.path().length() - 1) {
                    String dir = slash == 0 ? "/" : f.path().substring(0, slash);
                    directory = directories.computeIfAbsent(dir, d -> directories.size() + 1);
                    name = f.path().substring(slash + 1);
                }
                names.writeBytes(cstring(name));
                uleb(names, directory);
                uleb(names, f.timestamp());
                uleb(names, f.size());
            }
            names.write(0);
            ByteArrayOutputStream header = new ByteArrayOutputStream();
            header.write(1); // minimum_instruction_length
            header.write(1); // default_is_stmt
            header.write(-5); // line_base
            header.write(14); // line_range
            header.write(STANDARD_OPCODE_LENGTHS.length + 1); // opcode_base
            header.write(STANDARD_OPCODE_LENGTHS, 0, STANDARD_OPCODE_LENGTHS.length);
            for (String d : directories.keySet()) {
                header.writeBytes(cstring(d));
            }
            header.write(0);
            header.writeBytes(names.toByteArray());
            int headerLength = header.size();
            ByteBuffer out = ByteBuffer.allocate(4 + 2 + 4 + headerLength).order(ByteOrder.LITTLE_ENDIAN);
            out.putInt(2 + 4 + headerLength).putShort((short) 2).putInt(headerLength).put(header.toByteArray());
            return out.array();
        }

        static byte[] cstring(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            return Arrays.copyOf(b, b.length + 1);
        }

        static void uleb(ByteArrayOutputStream out, long value) {
            do {
                int b = (int) (value & 0x7f);
                value >>>= 7;
                out.write(value != 0 ? b | 0x80 : b);
            } while (value != 0);
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
