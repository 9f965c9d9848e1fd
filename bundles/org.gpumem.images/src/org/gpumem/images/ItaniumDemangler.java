package org.gpumem.images;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.images.ItaniumNodes.AbiTagged;
import org.gpumem.images.ItaniumNodes.ArgumentPack;
import org.gpumem.images.ItaniumNodes.Closure;
import org.gpumem.images.ItaniumNodes.CtorDtor;
import org.gpumem.images.ItaniumNodes.Encoding;
import org.gpumem.images.ItaniumNodes.Local;
import org.gpumem.images.ItaniumNodes.Name;
import org.gpumem.images.ItaniumNodes.Nested;
import org.gpumem.images.ItaniumNodes.Node;
import org.gpumem.images.ItaniumNodes.Out;
import org.gpumem.images.ItaniumNodes.ParameterPack;
import org.gpumem.images.ItaniumNodes.TemplateArgs;
import org.gpumem.images.ItaniumNodes.WithTemplateArgs;
import org.gpumem.images.ItaniumNodes.Wrapped;

/**
 * Demangles Itanium C++ ABI names (what GCC, clang, nvcc and hipcc emit for kernels) and
 * prints them as llvm-cxxfilt does: functions and their parameters, nested and local names
 * ({@code _ZZ...E}), internal linkage ({@code _ZL}), templates with type, literal, expression,
 * pack and template-template arguments, substitutions and template parameters, constructors,
 * destructors and operators, lambdas and unnamed types, ABI tags, cv- and ref-qualified member
 * functions, function, array, vector and pointer-to-member types, and vendor suffixes such as
 * {@code .cold}. The grammar follows the ABI specification; the parser's choices (what is a
 * substitution candidate, which template arguments a {@code T_} names) follow LLVM's
 * ItaniumDemangle, so both agree on real names. A mangling outside the grammar is declined:
 * {@link #demangle} returns null and callers show the mangled name rather than a guess.
 * Types live in {@link ItaniumTypes}, expressions and literals in {@link ItaniumExpressions}.
 */
public final class ItaniumDemangler {
    /** Longer names are declined: nested templates can make the output explode. */
    private static final int MAX_LENGTH = 1 << 16;
    /** Recursion bound, so that hostile input ends in a decline, not a StackOverflowError. */
    private static final int MAX_DEPTH = 256;
    private static final int MAX_OUTPUT = 1 << 20;

    final String s;
    int p;
    int depth;
    final List<Node> substitutions = new ArrayList<>();
    /** The template arguments a {@code T_} refers to: those of the encoding being parsed. */
    List<Node> templateParams = new ArrayList<>();
    final ItaniumTypes types = new ItaniumTypes(this);
    final ItaniumExpressions expressions = new ItaniumExpressions(this);

    /** Thrown to abandon a mangling this demangler does not handle. */
    static final class Declined extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Declined() {
            super(null, null, false, false);
        }
    }

    private ItaniumDemangler(String s) {
        this.s = s;
    }

    /**
     * What to show a user for the symbol {@code name}: its demangled form, or the name itself
     * when it is not a mangling this class handles (an {@code extern "C"} kernel, say).
     */
    public static String readable(String name) {
        String demangled = demangle(name);
        return demangled != null ? demangled : name;
    }

    /** The demangled name, or null when {@code mangled} is not a mangling this class handles. */
    public static String demangle(String mangled) {
        if (mangled == null || mangled.length() > MAX_LENGTH) {
            return null;
        }
        int start = mangled.startsWith("_Z") ? 2 : mangled.startsWith("__Z") ? 3 : -1;
        if (start < 0) {
            return null;
        }
        ItaniumDemangler d = new ItaniumDemangler(mangled);
        try {
            d.p = start;
            Node n = d.encoding();
            String suffix = d.vendorSuffix();
            Out o = new Out();
            n.print(o);
            if (o.b.length() > MAX_OUTPUT) {
                return null;
            }
            return o.b + suffix;
        } catch (Declined | IndexOutOfBoundsException | NumberFormatException e) {
            return null;
        }
    }

    /** {@code .cold}, {@code .part.0}, {@code .llvm.123}: printed as llvm-cxxfilt does, after a space in parentheses. */
    private String vendorSuffix() {
        if (p == s.length()) {
            return "";
        }
        if (peek() != '.') {
            throw new Declined();
        }
        return " (" + s.substring(p) + ")";
    }

    char peek() {
        return p < s.length() ? s.charAt(p) : '\0';
    }

    char peek(int ahead) {
        return p + ahead < s.length() ? s.charAt(p + ahead) : '\0';
    }

    boolean consume(char c) {
        if (peek() == c) {
            p++;
            return true;
        }
        return false;
    }

    boolean consume(String prefix) {
        if (s.startsWith(prefix, p)) {
            p += prefix.length();
            return true;
        }
        return false;
    }

    void expect(char c) {
        if (!consume(c)) {
            throw new Declined();
        }
    }

    void enter() {
        if (++depth > MAX_DEPTH) {
            throw new Declined();
        }
    }

    void leave() {
        depth--;
    }

    /** Runs one level of recursive descent, bounded by {@link #MAX_DEPTH}. */
    <T> T nested(java.util.function.Supplier<T> production) {
        enter();
        try {
            return production.get();
        } finally {
            leave();
        }
    }

    /** A non-negative decimal number; empty when there are no digits. */
    String number() {
        int start = p;
        while (Character.isDigit(peek())) {
            p++;
        }
        return s.substring(start, p);
    }

    /**
     * {@code <encoding> ::= <name> <bare-function-type> | <name> | <special-name>}. The template
     * parameters of an encoding are its own: nested encodings save and restore the enclosing ones.
     */
    Node encoding() {
        enter();
        List<Node> savedParams = templateParams;
        templateParams = new ArrayList<>();
        try {
            if (peek() == 'T' || (peek() == 'G' && (peek(1) == 'V' || peek(1) == 'R'))) {
                return specialName();
            }
            NameState state = new NameState();
            Node name = name(state);
            if (endOfEncoding()) {
                return name;
            }
            Node ret = null;
            if (state.endsWithTemplateArgs && !state.ctorDtorConversion) {
                ret = types.type();
            }
            List<Node> params = new ArrayList<>();
            if (!consume('v')) {
                do {
                    params.add(types.type());
                } while (!endOfEncoding());
            }
            return new Encoding(ret, name, params, state.cv, state.ref);
        } finally {
            templateParams = savedParams;
            leave();
        }
    }

    private boolean endOfEncoding() {
        return p >= s.length() || peek() == 'E' || peek() == '.' || peek() == '_';
    }

    /** What parsing a function's name found out about the function. */
    static final class NameState {
        boolean endsWithTemplateArgs;
        boolean ctorDtorConversion;
        int cv;
        String ref;
    }

    private Node specialName() {
        if (consume("TV")) {
            return new Wrapped("vtable for ", types.type(), "");
        }
        if (consume("TT")) {
            return new Wrapped("VTT for ", types.type(), "");
        }
        if (consume("TI")) {
            return new Wrapped("typeinfo for ", types.type(), "");
        }
        if (consume("TS")) {
            return new Wrapped("typeinfo name for ", types.type(), "");
        }
        if (consume("GV")) {
            return new Wrapped("guard variable for ", name(null), "");
        }
        if (consume("GR")) {
            Node n = name(null);
            while (peek() != '_' && p < s.length()) {
                p++;
            }
            expect('_');
            return new Wrapped("reference temporary for ", n, "");
        }
        throw new Declined();
    }

    /** {@code <name> ::= <nested-name> | <local-name> | <unscoped-name> | <unscoped-template-name> <template-args>}. */
    Node name(NameState state) {
        enter();
        try {
            if (peek() == 'N') {
                return nested(state);
            }
            if (peek() == 'Z') {
                return local(state);
            }
            boolean substituted = false;
            Node result;
            if (consume("St")) {
                consume('L');
                result = unqualified(state, new Name("std"));
            } else if (peek() == 'S') {
                result = substitution();
                substituted = true;
            } else {
                result = unqualified(state, null);
            }
            if (peek() == 'I') {
                if (!substituted) {
                    substitutions.add(result);
                }
                Node args = templateArgs(state != null);
                if (state != null) {
                    state.endsWithTemplateArgs = true;
                }
                return new WithTemplateArgs(result, args);
            }
            if (substituted) {
                throw new Declined();
            }
            return result;
        } finally {
            leave();
        }
    }

    private Node nested(NameState state) {
        expect('N');
        int cv = cvQualifiers();
        String ref = consume('O') ? " &&" : consume('R') ? " &" : null;
        if (state != null) {
            state.cv = cv;
            state.ref = ref;
        }
        Node soFar = null;
        while (!consume('E')) {
            if (state != null) {
                state.endsWithTemplateArgs = false;
            }
            if (peek() == 'T') {
                if (soFar != null) {
                    throw new Declined();
                }
                soFar = types.templateParam();
            } else if (peek() == 'I') {
                if (soFar == null || soFar instanceof WithTemplateArgs) {
                    throw new Declined();
                }
                Node args = templateArgs(state != null);
                if (state != null) {
                    state.endsWithTemplateArgs = true;
                }
                soFar = new WithTemplateArgs(soFar, args);
            } else if (peek() == 'D' && (peek(1) == 't' || peek(1) == 'T')) {
                if (soFar != null) {
                    throw new Declined();
                }
                soFar = types.decltype();
            } else {
                if (peek() == 'S') {
                    if (soFar != null) {
                        throw new Declined();
                    }
                    soFar = consume("St") ? new Name("std") : substitution();
                    continue;
                }
                soFar = unqualified(state, soFar);
            }
            substitutions.add(soFar);
            consume('M');
        }
        if (soFar == null || substitutions.isEmpty()) {
            throw new Declined();
        }
        substitutions.remove(substitutions.size() - 1);
        return soFar;
    }

    int cvQualifiers() {
        int q = 0;
        if (consume('r')) {
            q |= ItaniumTypeNodes.Qualified.RESTRICT;
        }
        if (consume('V')) {
            q |= ItaniumTypeNodes.Qualified.VOLATILE;
        }
        if (consume('K')) {
            q |= ItaniumTypeNodes.Qualified.CONST;
        }
        return q;
    }

    /** {@code Z <encoding> E <entity> [<discriminator>]}, {@code Z <encoding> E s}, {@code Z <encoding> Ed [n] _ <name>}. */
    private Node local(NameState state) {
        expect('Z');
        Node encoding = encoding();
        expect('E');
        if (consume('s')) {
            discriminator();
            return new Local(encoding, new Name("string literal"));
        }
        if (consume('d')) {
            number();
            expect('_');
            return new Local(encoding, name(state));
        }
        Node entity = name(state);
        discriminator();
        return new Local(encoding, entity);
    }

    private void discriminator() {
        if (peek() == '_' && Character.isDigit(peek(1))) {
            p += 2;
        } else if (peek() == '_' && peek(1) == '_') {
            p += 2;
            number();
            expect('_');
        }
    }

    /**
     * {@code <unqualified-name>}: source, operator, constructor/destructor, unnamed-type or
     * lambda name, with ABI tags; {@code scope} is the prefix it extends (null for none).
     */
    Node unqualified(NameState state, Node scope) {
        consume('L');
        Node result;
        char c = peek();
        if (c >= '1' && c <= '9') {
            result = sourceName();
        } else if (c == 'U') {
            result = unnamedType();
        } else if (c == 'C' || (c == 'D' && "0125".indexOf(peek(1)) >= 0)) {
            if (scope == null) {
                throw new Declined();
            }
            result = ctorDtor(scope, state);
        } else {
            result = expressions.operatorName(state);
        }
        result = abiTags(result);
        return scope != null ? new Nested(scope, result) : result;
    }

    private Node abiTags(Node n) {
        while (consume('B')) {
            n = new AbiTagged(n, identifier());
        }
        return n;
    }

    /** {@code <source-name> ::= <length> <identifier>}; {@code _GLOBAL__N...} is the anonymous namespace. */
    Node sourceName() {
        String id = identifier();
        return new Name(id.startsWith("_GLOBAL__N") ? "(anonymous namespace)" : id);
    }

    private String identifier() {
        String digits = number();
        if (digits.isEmpty() || digits.length() > 6) {
            throw new Declined();
        }
        int len = Integer.parseInt(digits);
        if (len <= 0 || len > s.length() - p) {
            throw new Declined();
        }
        String id = s.substring(p, p + len);
        p += len;
        return id;
    }

    private Node unnamedType() {
        if (consume("Ut")) {
            String count = number();
            expect('_');
            return new Name("'unnamed" + count + "'");
        }
        if (consume("Ul")) {
            List<Node> params = new ArrayList<>();
            if (!consume("vE")) {
                while (!consume('E')) {
                    params.add(types.type());
                }
            }
            String count = number();
            expect('_');
            return new Closure(params, count);
        }
        throw new Declined();
    }

    private Node ctorDtor(Node scope, NameState state) {
        String base = scope.baseName();
        if (state != null) {
            state.ctorDtorConversion = true;
        }
        if (consume('C')) {
            boolean inheriting = consume('I');
            char k = peek();
            if (k < '1' || k > '5') {
                throw new Declined();
            }
            p++;
            if (inheriting) {
                types.name();
            }
            return new CtorDtor(base, false);
        }
        expect('D');
        char k = peek();
        if (k != '0' && k != '1' && k != '2' && k != '4' && k != '5') {
            throw new Declined();
        }
        p++;
        return new CtorDtor(base, true);
    }

    /** {@code S_}, {@code S<seq-id>_} and the standard abbreviations {@code Sa Sb Ss Si So Sd}. */
    Node substitution() {
        expect('S');
        char c = peek();
        switch (c) {
            case 'a' -> {
                p++;
                return new Name("std::allocator");
            }
            case 'b' -> {
                p++;
                return new Name("std::basic_string");
            }
            case 's' -> {
                p++;
                return new Name("std::string");
            }
            case 'i' -> {
                p++;
                return new Name("std::istream");
            }
            case 'o' -> {
                p++;
                return new Name("std::ostream");
            }
            case 'd' -> {
                p++;
                return new Name("std::iostream");
            }
            default -> {
            }
        }
        int index = 0;
        if (c != '_') {
            long v = 0;
            while (peek() != '_') {
                char d = peek();
                int digit = Character.isDigit(d) ? d - '0' : d >= 'A' && d <= 'Z' ? d - 'A' + 10 : -1;
                if (digit < 0 || v > Integer.MAX_VALUE / 36) {
                    throw new Declined();
                }
                v = v * 36 + digit;
                p++;
            }
            index = (int) v + 1;
        }
        p++;
        if (index >= substitutions.size()) {
            throw new Declined();
        }
        return substitutions.get(index);
    }

    /**
     * {@code I <template-arg>+ E}. With {@code tag} (the function's own name), the arguments
     * become what {@code T_}, {@code T0_}... refer to, each as soon as it is parsed.
     */
    Node templateArgs(boolean tag) {
        expect('I');
        enter();
        try {
            if (tag) {
                templateParams = new ArrayList<>();
            }
            List<Node> args = new ArrayList<>();
            while (!consume('E')) {
                if (p >= s.length()) {
                    throw new Declined();
                }
                Node arg = templateArg();
                args.add(arg);
                if (tag) {
                    templateParams.add(arg instanceof ArgumentPack pack ? new ParameterPack(pack.elements) : arg);
                }
            }
            return new TemplateArgs(args);
        } finally {
            leave();
        }
    }

    private Node templateArg() {
        switch (peek()) {
            case 'X' -> {
                p++;
                Node e = expressions.expression();
                expect('E');
                return e;
            }
            case 'J' -> {
                p++;
                List<Node> elements = new ArrayList<>();
                while (!consume('E')) {
                    if (p >= s.length()) {
                        throw new Declined();
                    }
                    elements.add(templateArg());
                }
                return new ArgumentPack(elements);
            }
            case 'L' -> {
                if (peek(1) == 'Z') {
                    p += 2;
                    Node e = encoding();
                    expect('E');
                    return e;
                }
                return expressions.primary();
            }
            default -> {
                return types.type();
            }
        }
    }
}
