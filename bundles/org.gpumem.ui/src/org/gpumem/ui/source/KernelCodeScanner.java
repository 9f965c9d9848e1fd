package org.gpumem.ui.source;

import java.util.Set;

import org.eclipse.jface.text.TextAttribute;
import org.eclipse.jface.text.rules.EndOfLineRule;
import org.eclipse.jface.text.rules.ICharacterScanner;
import org.eclipse.jface.text.rules.IRule;
import org.eclipse.jface.text.rules.IToken;
import org.eclipse.jface.text.rules.IWordDetector;
import org.eclipse.jface.text.rules.NumberRule;
import org.eclipse.jface.text.rules.RuleBasedScanner;
import org.eclipse.jface.text.rules.Token;
import org.eclipse.jface.text.rules.WhitespaceRule;
import org.eclipse.jface.text.rules.WordRule;

/**
 * Colours the code partitions of a kernel source: C++ keywords, CUDA's qualifiers and built-in
 * variables, preprocessor lines, numbers, and PTX directives and state spaces ({@code .reg},
 * {@code .global}, {@code ld.shared.u32}'s suffixes) and registers ({@code %r1}).
 */
final class KernelCodeScanner extends RuleBasedScanner {

    static final Set<String> KEYWORDS = Set.of("alignas", "alignof", "asm", "auto", "bool", "break", "case", "catch", "char",
            "class", "const", "constexpr", "const_cast", "continue", "decltype", "default", "delete", "do", "double",
            "dynamic_cast", "else", "enum", "explicit", "extern", "false", "float", "for", "friend", "goto", "if", "inline",
            "int", "long", "mutable", "namespace", "new", "noexcept", "nullptr", "operator", "private", "protected", "public",
            "register", "reinterpret_cast", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast",
            "struct", "switch", "template", "this", "throw", "true", "try", "typedef", "typename", "union", "unsigned",
            "using", "virtual", "void", "volatile", "while", "size_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
            "uint16_t", "uint32_t", "uint64_t");
    /** CUDA's function and variable qualifiers, launch bounds and intrinsics a kernel is read by. */
    static final Set<String> CUDA_QUALIFIERS = Set.of("__global__", "__device__", "__host__", "__shared__", "__constant__",
            "__managed__", "__restrict__", "__forceinline__", "__noinline__", "__launch_bounds__", "__grid_constant__",
            "__syncthreads", "__syncwarp", "__threadfence", "__threadfence_block", "__shfl_sync", "__ballot_sync");
    static final Set<String> CUDA_BUILTINS = Set.of("threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize");
    /**
     * PTX directives, state spaces and type suffixes. Only these are coloured after a dot, so that
     * a C++ member access ({@code threadIdx.x}) stays plain.
     */
    static final Set<String> PTX_WORDS = Set.of(".version", ".target", ".address_size", ".entry", ".func", ".visible",
            ".extern", ".weak", ".common", ".reg", ".global", ".shared", ".local", ".const", ".param", ".tex", ".sreg",
            ".align", ".loc", ".file", ".section", ".maxntid", ".reqntid", ".minnctapersm", ".pragma", ".callprototype",
            ".pred", ".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64",
            ".f16", ".f16x2", ".bf16", ".f32", ".f64", ".v2", ".v4", ".to", ".wide", ".lo", ".hi", ".rn", ".rz", ".rm",
            ".rp", ".ftz", ".sat", ".approx", ".full", ".uni", ".sync", ".aligned", ".cta", ".gpu", ".sys", ".relaxed",
            ".acquire", ".release", ".volatile", ".generic");

    KernelCodeScanner(KernelSourceColours colours) {
        IToken keyword = new Token(colours.keyword());
        IToken qualifier = new Token(colours.cudaQualifier());
        IToken builtin = new Token(colours.cudaBuiltin());
        IToken directive = new Token(colours.ptxDirective());
        IToken register = new Token(colours.ptxRegister());
        IToken plain = new Token(new TextAttribute(null));
        WordRule ptx = new WordRule(new Prefixed('.'), plain);
        PTX_WORDS.forEach(w -> ptx.addWord(w, directive));
        WordRule words = new WordRule(new Identifiers(), plain);
        KEYWORDS.forEach(w -> words.addWord(w, keyword));
        CUDA_QUALIFIERS.forEach(w -> words.addWord(w, qualifier));
        CUDA_BUILTINS.forEach(w -> words.addWord(w, builtin));
        setRules(new IRule[] {
            new WhitespaceRule(Character::isWhitespace),
            new EndOfLineRule("#", new Token(colours.preprocessor())),
            ptx,
            new PtxRegisterRule(register),
            words,
            new NumberRule(new Token(colours.number())),
        });
        setDefaultReturnToken(plain);
    }

    /** C identifiers (and so C++ keywords and CUDA's double-underscore qualifiers). */
    private static final class Identifiers implements IWordDetector {
        @Override
        public boolean isWordStart(char c) {
            return Character.isLetter(c) || c == '_';
        }

        @Override
        public boolean isWordPart(char c) {
            return Character.isLetterOrDigit(c) || c == '_';
        }
    }

    /** A word that begins with {@code prefix}: {@code .global}. */
    private static final class Prefixed implements IWordDetector {
        private final char prefix;

        Prefixed(char prefix) {
            this.prefix = prefix;
        }

        @Override
        public boolean isWordStart(char c) {
            return c == prefix;
        }

        @Override
        public boolean isWordPart(char c) {
            return Character.isLetterOrDigit(c) || c == '_' || c == '$';
        }
    }

    /** A PTX register: {@code %} and a letter, then letters and digits ({@code %rd1}, {@code %tid}); not C's {@code a % b}. */
    private static final class PtxRegisterRule implements IRule {
        private final IToken token;

        PtxRegisterRule(IToken token) {
            this.token = token;
        }

        @Override
        public IToken evaluate(ICharacterScanner scanner) {
            if (scanner.read() != '%') {
                scanner.unread();
                return Token.UNDEFINED;
            }
            int c = scanner.read();
            if (c == ICharacterScanner.EOF || !Character.isLetter(c)) {
                scanner.unread();
                scanner.unread();
                return Token.UNDEFINED;
            }
            do {
                c = scanner.read();
            } while (c != ICharacterScanner.EOF && (Character.isLetterOrDigit(c) || c == '_'));
            scanner.unread();
            return token;
        }
    }
}
