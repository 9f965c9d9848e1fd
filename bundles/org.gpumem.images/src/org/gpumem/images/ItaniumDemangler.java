package org.gpumem.images;

import java.util.ArrayList;
import java.util.List;

/**
 * Demangles the Itanium C++ ABI names that kernels commonly have: functions, optionally in
 * namespaces (anonymous ones too), optionally templates with type, integer and bool arguments;
 * parameters of builtin, named, pointer, reference, const/volatile-qualified and template
 * parameter types, with substitutions. Anything else (member functions, operators, function or
 * array types, expressions, local names...) is declined: {@link #demangle} returns null and
 * callers show the mangled name, rather than a guess. Output follows llvm-cxxfilt's spelling.
 */
public final class ItaniumDemangler {
    private final String s;
    private int p;
    private final List<String> substitutions = new ArrayList<>();
    private List<String> functionTemplateArgs;

    /** Thrown to abandon a mangling this demangler does not handle. */
    private static final class Declined extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Declined() {
            super(null, null, false, false);
        }
    }

    private ItaniumDemangler(String s) {
        this.s = s;
    }

    /** The demangled name, or null when {@code mangled} is not a mangling this class handles. */
    public static String demangle(String mangled) {
        if (mangled == null || !mangled.startsWith("_Z") || mangled.length() > 4096) {
            return null;
        }
        try {
            ItaniumDemangler d = new ItaniumDemangler(mangled);
            d.p = 2;
            String result = d.encoding();
            return d.p == mangled.length() ? result : null;
        } catch (Declined | IndexOutOfBoundsException | NumberFormatException e) {
            return null;
        }
    }

    private char peek() {
        return p < s.length() ? s.charAt(p) : '\0';
    }

    private void expect(char c) {
        if (peek() != c) {
            throw new Declined();
        }
        p++;
    }

    private String encoding() {
        boolean[] templated = new boolean[1];
        String name = name(false, templated);
        String returnType = templated[0] ? type() + " " : "";
        if (p == s.length()) {
            throw new Declined();
        }
        List<String> params = new ArrayList<>();
        if (peek() == 'v' && p + 1 == s.length()) {
            p++;
        } else {
            while (p < s.length()) {
                params.add(type());
            }
        }
        return returnType + name + "(" + String.join(", ", params) + ")";
    }

    /** A name; for the function's own name (not a type) the last template args become T_, T0_... */
    private String name(boolean isType, boolean[] templated) {
        char c = peek();
        if (c == 'N') {
            return nested(isType, templated);
        }
        String n;
        if (c == 'S' && s.startsWith("St", p)) {
            p += 2;
            n = "std::" + unqualified();
        } else if (c == 'S') {
            n = substitution();
            if (peek() != 'I') {
                return n;
            }
        } else {
            n = unqualified();
            if (peek() == 'I') {
                substitutions.add(n);
            }
        }
        if (peek() == 'I') {
            if (n.startsWith("std::") && !substitutions.contains(n)) {
                substitutions.add(n);
            }
            List<String> args = templateArgs();
            n += "<" + String.join(", ", args) + ">";
            if (isType) {
                substitutions.add(n);
            } else {
                functionTemplateArgs = args;
                templated[0] = true;
            }
        } else if (isType) {
            substitutions.add(n);
        }
        return n;
    }

    private String nested(boolean isType, boolean[] templated) {
        expect('N');
        if ("KVrRO".indexOf(peek()) >= 0) {
            throw new Declined();
        }
        String prefix = null;
        while (peek() != 'E') {
            if (s.startsWith("St", p) && prefix == null) {
                p += 2;
                prefix = "std";
                continue;
            }
            boolean substituted = peek() == 'S' && prefix == null;
            if (substituted) {
                prefix = substitution();
            } else {
                String component = unqualified();
                prefix = prefix == null ? component : prefix + "::" + component;
            }
            if (peek() == 'I') {
                if (!substituted) {
                    substitutions.add(prefix);
                }
                substituted = false;
                List<String> args = templateArgs();
                prefix += "<" + String.join(", ", args) + ">";
                if (peek() == 'E' && !isType) {
                    functionTemplateArgs = args;
                    templated[0] = true;
                }
            }
            if (peek() != 'E' && !substituted) {
                substitutions.add(prefix);
            }
        }
        p++;
        if (prefix == null) {
            throw new Declined();
        }
        if (isType) {
            substitutions.add(prefix);
        }
        return prefix;
    }

    private String unqualified() {
        if (!Character.isDigit(peek())) {
            throw new Declined();
        }
        int start = p;
        while (Character.isDigit(peek())) {
            p++;
        }
        int len = Integer.parseInt(s.substring(start, p));
        if (len <= 0 || len > s.length() - p) {
            throw new Declined();
        }
        String id = s.substring(p, p + len);
        p += len;
        return id.startsWith("_GLOBAL__N") ? "(anonymous namespace)" : id;
    }

    private String substitution() {
        expect('S');
        int index = 0;
        if (peek() != '_') {
            int v = 0;
            while (peek() != '_') {
                char c = peek();
                int d = Character.isDigit(c) ? c - '0' : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : -1;
                if (d < 0) {
                    throw new Declined();
                }
                v = v * 36 + d;
                p++;
            }
            index = v + 1;
        }
        p++;
        if (index >= substitutions.size()) {
            throw new Declined();
        }
        return substitutions.get(index);
    }

    private List<String> templateArgs() {
        expect('I');
        List<String> args = new ArrayList<>();
        while (peek() != 'E') {
            args.add(peek() == 'L' ? literal() : type());
        }
        p++;
        return args;
    }

    private String literal() {
        expect('L');
        char t = peek();
        p++;
        boolean negative = peek() == 'n';
        if (negative) {
            p++;
        }
        int start = p;
        while (Character.isDigit(peek())) {
            p++;
        }
        if (start == p) {
            throw new Declined();
        }
        String v = (negative ? "-" : "") + s.substring(start, p);
        expect('E');
        return switch (t) {
            case 'i' -> v;
            case 'j' -> v + "u";
            case 'l' -> v + "l";
            case 'm' -> v + "ul";
            case 'x' -> v + "ll";
            case 'y' -> v + "ull";
            case 'b' -> v.equals("0") ? "false" : v.equals("1") ? "true" : "(bool)" + v;
            case 'c' -> "(char)" + v;
            case 'a' -> "(signed char)" + v;
            case 'h' -> "(unsigned char)" + v;
            case 's' -> "(short)" + v;
            case 't' -> "(unsigned short)" + v;
            default -> throw new Declined();
        };
    }

    private static String builtin(char c) {
        return switch (c) {
            case 'v' -> "void";
            case 'w' -> "wchar_t";
            case 'b' -> "bool";
            case 'c' -> "char";
            case 'a' -> "signed char";
            case 'h' -> "unsigned char";
            case 's' -> "short";
            case 't' -> "unsigned short";
            case 'i' -> "int";
            case 'j' -> "unsigned int";
            case 'l' -> "long";
            case 'm' -> "unsigned long";
            case 'x' -> "long long";
            case 'y' -> "unsigned long long";
            case 'n' -> "__int128";
            case 'o' -> "unsigned __int128";
            case 'f' -> "float";
            case 'd' -> "double";
            case 'e' -> "long double";
            case 'g' -> "__float128";
            case 'z' -> "...";
            default -> null;
        };
    }

    private String type() {
        char c = peek();
        String b = builtin(c);
        if (b != null) {
            p++;
            return b;
        }
        String t;
        switch (c) {
            case 'P', 'R', 'O' -> {
                p++;
                t = type() + (c == 'P' ? "*" : c == 'R' ? "&" : "&&");
                substitutions.add(t);
            }
            case 'K', 'V', 'r' -> {
                StringBuilder quals = new StringBuilder();
                boolean konst = false;
                boolean vol = false;
                boolean restrict = false;
                while ("rVK".indexOf(peek()) >= 0 && peek() != '\0') {
                    char q = s.charAt(p++);
                    konst |= q == 'K';
                    vol |= q == 'V';
                    restrict |= q == 'r';
                }
                if (konst) {
                    quals.append(" const");
                }
                if (vol) {
                    quals.append(" volatile");
                }
                if (restrict) {
                    quals.append(" restrict");
                }
                t = type() + quals;
                substitutions.add(t);
            }
            case 'T' -> {
                t = templateParam();
                if (peek() == 'I') {
                    throw new Declined();
                }
                substitutions.add(t);
            }
            case 'S' -> {
                if (s.startsWith("St", p)) {
                    t = name(true, new boolean[1]);
                } else {
                    t = substitution();
                    if (peek() == 'I') {
                        t += "<" + String.join(", ", templateArgs()) + ">";
                        substitutions.add(t);
                    }
                }
            }
            case 'N' -> t = nested(true, new boolean[1]);
            default -> {
                if (!Character.isDigit(c)) {
                    throw new Declined();
                }
                t = name(true, new boolean[1]);
            }
        }
        return t;
    }

    private String templateParam() {
        expect('T');
        int index = 0;
        if (peek() != '_') {
            int start = p;
            while (Character.isDigit(peek())) {
                p++;
            }
            if (start == p) {
                throw new Declined();
            }
            index = Integer.parseInt(s.substring(start, p)) + 1;
        }
        expect('_');
        if (functionTemplateArgs == null || index >= functionTemplateArgs.size()) {
            throw new Declined();
        }
        return functionTemplateArgs.get(index);
    }
}
