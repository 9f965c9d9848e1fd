package org.gpumem.images;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpumem.dwarf.elf.ElfFile;
import org.gpumem.dwarf.elf.ElfSection;
import org.gpumem.dwarf.elf.ElfSymbol;
import org.gpumem.dwarf.io.ByteReader;
import org.gpumem.dwarf.io.DecompressionBudget;
import org.gpumem.dwarf.io.InputFormatException;

/**
 * Looks inside one image: its kernels, and for files that are a single image, its target and
 * whether it has debug information.
 */
final class ImageScanner {
    static final int SPIRV_MAGIC = 0x07230203;
    private static final int STT_FUNC = 2;
    private static final int STT_OBJECT = 1;
    /** Old AMDGPU code objects (v2) mark kernels with this symbol type. */
    private static final int STT_AMDGPU_HSA_KERNEL = 10;
    /** st_other bit nvcc sets on kernel entry symbols of cubins. */
    private static final int STO_CUDA_ENTRY = 0x10;
    private static final int NT_AMDGPU_METADATA = 32;
    private static final int SPIRV_OP_ENTRY_POINT = 15;

    private static final Pattern PTX_ENTRY = Pattern.compile("\\.entry\\s+([A-Za-z_$%][A-Za-z0-9_$]*)");
    private static final Pattern PTX_TARGET = Pattern.compile("(?m)^\\s*\\.target\\s+([^\\n/]*)");
    private static final Pattern PTX_VERSION = Pattern.compile("(?m)^\\s*\\.version\\s+(\\d+\\.\\d+)");
    private static final Pattern OPENCL_KERNEL = Pattern.compile(
            "\\b(?:__kernel|kernel)\\s+(?:__attribute__\\s*\\(\\((?:[^()]|\\([^()]*\\))*\\)\\)\\s*)*void\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*\\(");
    private static final Pattern TKINFO_ARCH = Pattern.compile("-arch\\s+sm_(\\d+)([af]?)");

    private final DecompressionBudget budget;

    /** @param budget what ELF images read for their kernels may decompress (compressed sections in them) */
    ImageScanner(DecompressionBudget budget) {
        this.budget = budget;
    }

    /** Name for error messages about an image's own contents: {@code app[fatbin 2 / entry 1]}. */
    static String imageName(Origin o) {
        return o.path().isEmpty() ? o.file() : o.file() + "[" + (o.section() != null ? o.section() + " " : "") + o.path() + "]";
    }

    List<Kernel> kernels(DeviceImage image) {
        String name = imageName(image.origin());
        return switch (image.format()) {
            case CUBIN -> cubinKernels(ElfFile.parse(name, image.payload(), budget));
            case AMDGPU_CODE_OBJECT -> amdgpuKernels(ElfFile.parse(name, image.payload(), budget));
            case PTX -> named(ptxEntries(chars(image.payload())));
            case OPENCL_C -> named(openClKernels(text(image.payload())));
            case SPIRV -> named(spirvEntryPoints(name, image.payload()));
            case OTHER -> List.of();
        };
    }

    private static List<Kernel> named(List<String> names) {
        List<Kernel> list = new ArrayList<>(names.size());
        for (String n : names) {
            list.add(Kernel.of(n));
        }
        return list;
    }

    /**
     * Kernels of a cubin: function symbols nvcc marks with STO_CUDA_ENTRY. (Non-inlined device
     * functions have {@code .nv.info.<name>} sections too, so those do not identify kernels.)
     */
    static List<Kernel> cubinKernels(ElfFile elf) {
        Set<String> names = new LinkedHashSet<>();
        for (ElfSymbol s : elf.symbols()) {
            if (s.type() == STT_FUNC && s.sectionIndex() != 0 && !s.name().isEmpty() && (s.other() & STO_CUDA_ENTRY) != 0) {
                names.add(s.name());
            }
        }
        return named(new ArrayList<>(names));
    }

    /** Kernels of an AMDGPU code object: functions with a kernel descriptor symbol {@code name.kd}. */
    static List<Kernel> amdgpuKernels(ElfFile elf) {
        Set<String> descriptors = new HashSet<>();
        for (ElfSymbol s : elf.symbols()) {
            if (s.type() == STT_OBJECT && s.name().endsWith(".kd")) {
                descriptors.add(s.name().substring(0, s.name().length() - 3));
            }
        }
        Set<String> names = new LinkedHashSet<>();
        for (ElfSymbol s : elf.symbols()) {
            if ((s.type() == STT_FUNC && descriptors.contains(s.name())) || s.type() == STT_AMDGPU_HSA_KERNEL) {
                names.add(s.name());
            }
        }
        return named(new ArrayList<>(names));
    }

    static boolean hasDwarf(ElfFile elf) {
        return elf.section(".debug_info") != null;
    }

    /** The SM of a cubin: e_flags bits 8-15 in the ABI version 8 layout (nvcc 12.8+), bits 0-7 before. */
    static NvidiaTarget cubinTarget(ElfFile elf) {
        int sm = (int) (elf.abiVersion() >= 8 ? (elf.flags() >>> 8) & 0xff : elf.flags() & 0xff);
        if (sm < 10) {
            return null;
        }
        NvidiaTarget.Variant variant = NvidiaTarget.Variant.PLAIN;
        ElfSection tk = elf.section(".note.nv.tkinfo");
        if (tk != null) {
            Matcher m = TKINFO_ARCH.matcher(latin1(elf.data(tk)));
            if (m.find() && Integer.parseInt(m.group(1)) == sm) {
                variant = m.group(2).equals("a") ? NvidiaTarget.Variant.ARCH_SPECIFIC
                        : m.group(2).equals("f") ? NvidiaTarget.Variant.FAMILY_SPECIFIC : NvidiaTarget.Variant.PLAIN;
            }
        }
        return NvidiaTarget.fromSmNumber(sm, variant);
    }

    /** The target id an AMDGPU code object states in its metadata note ({@code amdhsa.target}); null when absent. */
    static AmdgpuTarget amdgpuTarget(ElfFile elf) {
        for (ElfSection s : elf.sections()) {
            if (s.type() != 7) {
                continue;
            }
            ByteReader r = elf.reader(s);
            while (r.remaining() >= 12) {
                long nameSize = r.u32();
                long descSize = r.u32();
                long type = r.u32();
                ByteReader owner = r.sub(align4(r, nameSize));
                ByteReader desc = r.sub(align4(r, descSize));
                if (type == NT_AMDGPU_METADATA && owner.size() >= 6 && owner.cstringAt(0).equals("AMDGPU")) {
                    String target = msgpackString(desc.subAt(0, descSize), "amdhsa.target");
                    if (target != null) {
                        try {
                            return AmdgpuTarget.parse(target);
                        } catch (IllegalArgumentException e) {
                            throw desc.fail(0, "bad amdhsa.target '" + target + "'");
                        }
                    }
                }
            }
        }
        return null;
    }

    private static long align4(ByteReader r, long size) {
        long padded = (size + 3) & ~3L;
        return Math.min(padded, r.remaining());
    }

    /** The string value that follows the key {@code key} in a MessagePack map (str8/fixstr forms). */
    private static String msgpackString(ByteReader desc, String key) {
        byte[] k = key.getBytes(StandardCharsets.US_ASCII);
        ByteBuffer b = desc.buffer();
        outer:
        for (int i = 0; i + k.length < b.limit(); i++) {
            for (int j = 0; j < k.length; j++) {
                if (b.get(i + j) != k[j]) {
                    continue outer;
                }
            }
            ByteReader v = desc.at(i + k.length);
            int tag = v.u8();
            int len;
            if ((tag & 0xe0) == 0xa0) {
                len = tag & 0x1f;
            } else if (tag == 0xd9) {
                len = v.u8();
            } else {
                return null;
            }
            return new String(v.bytes(len), StandardCharsets.UTF_8);
        }
        return null;
    }

    /**
     * The bytes up to the first NUL as characters, one per byte, without a copy: for scanning
     * text for ASCII syntax (what UTF-8 decoding would turn into other characters stays non-ASCII).
     */
    static CharSequence chars(ByteBuffer b) {
        int n = textLength(b);
        ByteBuffer bytes = b.slice(b.position(), n);
        return new CharSequence() {
            @Override
            public int length() {
                return n;
            }

            @Override
            public char charAt(int index) {
                return (char) (bytes.get(index) & 0xff);
            }

            @Override
            public CharSequence subSequence(int start, int end) {
                return ImageScanner.chars(bytes.slice(start, end - start));
            }

            @Override
            public String toString() {
                byte[] copy = new byte[n];
                bytes.get(0, copy);
                return new String(copy, StandardCharsets.ISO_8859_1);
            }
        };
    }

    private static int textLength(ByteBuffer b) {
        int n = b.remaining();
        int p = b.position();
        for (int i = 0; i < n; i++) {
            if (b.get(p + i) == 0) {
                return i;
            }
        }
        return n;
    }

    /** Text up to the first NUL (embedded PTX is NUL-terminated and padded). */
    static String text(ByteBuffer b) {
        byte[] bytes = new byte[textLength(b)];
        b.duplicate().get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static String latin1(ByteBuffer b) {
        byte[] bytes = new byte[b.remaining()];
        b.duplicate().get(bytes);
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /**
     * The names of the {@code .entry} directives of PTX text, outside comments (the pattern
     * {@code \\.entry\\s+([A-Za-z_$%][A-Za-z0-9_$]*)} over the text with comments removed), found in
     * one pass over {@code ptx} without copying it: a decompressed PTX entry may be as large as the
     * decompression budget, and a copy or two of it must not be what runs out of memory.
     */
    static List<String> ptxEntries(CharSequence ptx) {
        EntryMatcher m = new EntryMatcher();
        withoutComments(ptx, m);
        m.accept(' ');
        return m.names;
    }

    /** Recognises {@code .entry NAME} in the characters it is fed, as the pattern would, leftmost first. */
    private static final class EntryMatcher implements IntConsumer {
        private static final String ENTRY = ".entry";
        private final List<String> names = new ArrayList<>();
        private final StringBuilder name = new StringBuilder();
        /** 0..6: characters of ".entry" matched; 7: after at least one space; 8: in the name. */
        private int state;

        @Override
        public void accept(int c) {
            if (state == 8) {
                if (c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '$')) {
                    name.append((char) c);
                    return;
                }
                names.add(name.toString());
                name.setLength(0);
                state = 0;
            } else if (state == 7 || state == 6) {
                if (isSpace(c)) {
                    state = 7;
                    return;
                }
                if (state == 7 && c < 128 && (Character.isLetter(c) || c == '_' || c == '$' || c == '%')) {
                    name.append((char) c);
                    state = 8;
                    return;
                }
                state = 0;
            } else if (state > 0 && c == ENTRY.charAt(state)) {
                state++;
                return;
            } else {
                state = 0;
            }
            if (c == '.') {
                state = 1;
            }
        }

        private static boolean isSpace(int c) {
            return c == ' ' || c == '\t' || c == '\n' || c == 0x0b || c == '\f' || c == '\r';
        }
    }

    /** The compute capability of a PTX module's {@code .target sm_XY}; null when it has none. */
    static NvidiaTarget ptxTarget(String ptx) {
        Matcher m = PTX_TARGET.matcher(ptx);
        if (!m.find()) {
            return null;
        }
        for (String t : m.group(1).split(",")) {
            String s = t.trim();
            if (s.startsWith("sm_")) {
                try {
                    return NvidiaTarget.parse(s);
                } catch (IllegalArgumentException e) {
                    return null;
                }
            }
        }
        return null;
    }

    static String ptxVersion(String ptx) {
        Matcher m = PTX_VERSION.matcher(ptx);
        return m.find() ? m.group(1) : null;
    }

    /** A PTX module carries debug information when its target says {@code debug} or it has DWARF sections. */
    static boolean ptxHasDebug(String ptx) {
        Matcher m = PTX_TARGET.matcher(ptx);
        return (m.find() && m.group(1).contains("debug")) || ptx.contains(".section .debug_info")
                || ptx.contains(".section\t.debug_info");
    }

    static boolean looksLikePtx(String text) {
        return PTX_VERSION.matcher(text).find() && PTX_TARGET.matcher(text).find();
    }

    static List<String> openClKernels(String source) {
        List<String> names = new ArrayList<>();
        Matcher m = OPENCL_KERNEL.matcher(stripComments(source));
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /** Removes C/C++ comments (PTX uses the same syntax), keeping string literals intact. */
    static String stripComments(String s) {
        StringBuilder b = new StringBuilder(s.length());
        withoutComments(s, c -> b.append((char) c));
        return b.toString();
    }

    /**
     * Feeds {@code s} to {@code out} without its C/C++ comments: a line comment is dropped up to
     * its newline, a block comment becomes one space, string literals pass as they are.
     */
    static void withoutComments(CharSequence s, IntConsumer out) {
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '"') {
                int j = i + 1;
                while (j < n && s.charAt(j) != '"' && s.charAt(j) != '\n') {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                j = Math.min(j + 1, n);
                for (; i < j; i++) {
                    out.accept(s.charAt(i));
                }
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                while (i < n && s.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
                int end = indexOf(s, "*/", i + 2);
                i = end < 0 ? n : end + 2;
                out.accept(' ');
            } else {
                out.accept(c);
                i++;
            }
        }
    }

    private static int indexOf(CharSequence s, String what, int from) {
        for (int i = from; i + what.length() <= s.length(); i++) {
            int k = 0;
            while (k < what.length() && s.charAt(i + k) == what.charAt(k)) {
                k++;
            }
            if (k == what.length()) {
                return i;
            }
        }
        return -1;
    }

    /** Byte order of a SPIR-V module from its magic; null when {@code b} does not start with it. */
    static ByteOrder spirvOrder(ByteBuffer b) {
        if (b.remaining() < 20) {
            return null;
        }
        int le = b.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(b.position());
        if (le == SPIRV_MAGIC) {
            return ByteOrder.LITTLE_ENDIAN;
        }
        return Integer.reverseBytes(le) == SPIRV_MAGIC ? ByteOrder.BIG_ENDIAN : null;
    }

    static String spirvVersion(ByteBuffer b, ByteOrder order) {
        int v = b.duplicate().order(order).getInt(b.position() + 4);
        return ((v >>> 16) & 0xff) + "." + ((v >>> 8) & 0xff);
    }

    /** Names of the module's OpEntryPoint instructions. */
    static List<String> spirvEntryPoints(String file, ByteBuffer module) {
        ByteOrder order = spirvOrder(module);
        if (order == null) {
            throw new InputFormatException(file, null, 0, "not a SPIR-V module");
        }
        ByteReader r = new ByteReader(file, null, module).order(order);
        r.seek(20);
        List<String> names = new ArrayList<>();
        while (r.remaining() >= 4) {
            int start = r.position();
            long word = r.u32();
            int op = (int) (word & 0xffff);
            int count = (int) (word >>> 16);
            if (count == 0) {
                throw r.fail(start, "SPIR-V instruction with word count 0");
            }
            ByteReader ins = r.at(start).sub(4L * count);
            r.seek(start + 4L * count);
            if (op == SPIRV_OP_ENTRY_POINT && count >= 4) {
                ins.skip(12);
                names.add(spirvString(ins));
            }
        }
        return names;
    }

    /** A SPIR-V literal string: UTF-8 packed into words, first byte in each word's low-order bits. */
    private static String spirvString(ByteReader words) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        while (words.remaining() >= 4) {
            long w = words.u32();
            for (int i = 0; i < 4; i++) {
                int c = (int) (w >>> (8 * i)) & 0xff;
                if (c == 0) {
                    return out.toString(StandardCharsets.UTF_8);
                }
                out.write(c);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
