package org.gpumem.images;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.images.ItaniumDemangler.Declined;
import org.gpumem.images.ItaniumTypeNodes.Array;
import org.gpumem.images.ItaniumTypeNodes.Function;
import org.gpumem.images.ItaniumNodes.Name;
import org.gpumem.images.ItaniumNodes.Node;
import org.gpumem.images.ItaniumNodes.PackExpansion;
import org.gpumem.images.ItaniumTypeNodes.Pointer;
import org.gpumem.images.ItaniumTypeNodes.PointerToMember;
import org.gpumem.images.ItaniumTypeNodes.Qualified;
import org.gpumem.images.ItaniumTypeNodes.Reference;
import org.gpumem.images.ItaniumTypeNodes.VendorQualified;
import org.gpumem.images.ItaniumNodes.WithTemplateArgs;
import org.gpumem.images.ItaniumNodes.Wrapped;

/** The {@code <type>} productions of the Itanium mangling, for {@link ItaniumDemangler}. */
final class ItaniumTypes {
    private final ItaniumDemangler d;

    ItaniumTypes(ItaniumDemangler d) {
        this.d = d;
    }

    static String builtin(char c) {
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

    /** The {@code D} builtins: {@code Dn}, {@code Dh}, {@code DF16_}... null when {@code D<c>} is not one. */
    private String dBuiltin() {
        char c = d.peek(1);
        String t = switch (c) {
            case 'd' -> "decimal64";
            case 'e' -> "decimal128";
            case 'f' -> "decimal32";
            case 'h' -> "half";
            case 'i' -> "char32_t";
            case 's' -> "char16_t";
            case 'u' -> "char8_t";
            case 'a' -> "auto";
            case 'c' -> "decltype(auto)";
            case 'n' -> "std::nullptr_t";
            default -> null;
        };
        if (t != null) {
            d.p += 2;
            return t;
        }
        if (c == 'F') {
            d.p += 2;
            if (d.consume("16b")) {
                return "std::bfloat16_t";
            }
            String bits = d.number();
            if (bits.isEmpty()) {
                throw new Declined();
            }
            if (d.consume('x')) {
                return "_Float" + bits + "x";
            }
            d.expect('_');
            return "_Float" + bits;
        }
        return null;
    }

    Node type() {
        return d.nested(this::parse);
    }

    private Node parse() {
        char c = d.peek();
        String b = builtin(c);
        if (b != null) {
            d.p++;
            return new Name(b);
        }
        Node t;
        switch (c) {
            case 'r', 'V', 'K' -> {
                int q = d.cvQualifiers();
                char n = d.peek();
                char n1 = d.peek(1);
                if (n == 'F' || (n == 'D' && "oOwx".indexOf(n1) >= 0)) {
                    t = function(q);
                } else {
                    t = new Qualified(type(), q);
                }
            }
            case 'U' -> {
                if (d.peek(1) == 'l' || d.peek(1) == 't') {
                    return name();
                }
                d.p++;
                Node q = d.sourceName();
                Node args = d.peek() == 'I' ? d.templateArgs(false) : null;
                t = new VendorQualified(type(), q.baseName(), args);
            }
            case 'u' -> {
                d.p++;
                t = d.sourceName();
            }
            case 'P' -> {
                d.p++;
                t = new Pointer(type());
            }
            case 'R' -> {
                d.p++;
                t = new Reference(type(), false);
            }
            case 'O' -> {
                d.p++;
                t = new Reference(type(), true);
            }
            case 'C' -> {
                d.p++;
                t = new Wrapped("", type(), " _Complex");
            }
            case 'G' -> {
                d.p++;
                t = new Wrapped("", type(), " _Imaginary");
            }
            case 'F' -> t = function(0);
            case 'A' -> t = array();
            case 'M' -> {
                d.p++;
                Node cls = type();
                Node member = type();
                t = new PointerToMember(cls, member);
            }
            case 'T' -> {
                if (d.peek(1) == 's' || d.peek(1) == 'u' || d.peek(1) == 'e') {
                    return elaborated();
                }
                t = templateParam();
                if (d.peek() == 'I') {
                    // <template-template-param> <template-args>; both are substitution candidates
                    d.substitutions.add(t);
                    t = new WithTemplateArgs(t, d.templateArgs(false));
                }
            }
            case 'D' -> {
                String builtinD = dBuiltin();
                if (builtinD != null) {
                    return new Name(builtinD);
                }
                t = dType();
            }
            case 'S' -> {
                if (d.peek(1) == 't') {
                    return name();
                }
                Node sub = d.substitution();
                if (d.peek() != 'I') {
                    return sub;
                }
                t = new WithTemplateArgs(sub, d.templateArgs(false));
            }
            case 'N', 'Z' -> {
                return name();
            }
            default -> {
                if (!Character.isDigit(c)) {
                    throw new Declined();
                }
                return name();
            }
        }
        d.substitutions.add(t);
        return t;
    }

    /** A {@code D} type other than a builtin: {@code Dp} pack expansion, {@code Dv} vectors, decltype, function qualifiers. */
    private Node dType() {
        switch (d.peek(1)) {
            case 'p' -> {
                d.p += 2;
                return new PackExpansion(type());
            }
            case 't', 'T' -> {
                return decltype();
            }
            case 'v' -> {
                d.p += 2;
                if (Character.isDigit(d.peek())) {
                    String n = d.number();
                    d.expect('_');
                    if (d.consume('p')) {
                        return new Name("pixel vector[" + n + "]");
                    }
                    Node element = type();
                    return new Wrapped("", element, " vector[" + n + "]");
                }
                d.expect('_');
                Node dim = d.expressions.expression();
                d.expect('_');
                Node element = type();
                return new ItaniumNodes.Composite(ItaniumNodes.Prec.PRIMARY, element, " vector[", dim, "]");
            }
            case 'x', 'o', 'O', 'w' -> {
                return function(0);
            }
            default -> throw new Declined();
        }
    }

    /** {@code Dt/DT <expression> E}. */
    Node decltype() {
        d.expect('D');
        if (!d.consume('t') && !d.consume('T')) {
            throw new Declined();
        }
        Node e = d.expressions.expression();
        d.expect('E');
        return new ItaniumNodes.Composite(ItaniumNodes.Prec.PRIMARY, "decltype(", e, ")");
    }

    /** {@code [<cv>] [<exception spec>] [Dx] F [Y] <return> <params> [<ref>] E}. */
    private Node function(int cv) {
        int quals = d.cvQualifiers();
        if (d.consume("Do") || d.consume("DO")) {
            if (d.s.charAt(d.p - 1) == 'O') {
                d.expressions.expression();
                d.expect('E');
            }
        } else if (d.consume("Dw")) {
            while (!d.consume('E')) {
                type();
            }
        }
        d.consume("Dx");
        d.expect('F');
        d.consume('Y');
        Node ret = type();
        List<Node> params = new ArrayList<>();
        String ref = null;
        while (true) {
            if (d.consume('E')) {
                break;
            }
            if (d.consume('v')) {
                continue;
            }
            if (d.consume("RE")) {
                ref = " &";
                break;
            }
            if (d.consume("OE")) {
                ref = " &&";
                break;
            }
            if (d.p >= d.s.length()) {
                throw new Declined();
            }
            params.add(type());
        }
        return new Function(ret, params, quals | cv, ref);
    }

    /** {@code A <number> _ <type>}, {@code A [<expression>] _ <type>}. */
    private Node array() {
        d.expect('A');
        Node dimension = null;
        if (Character.isDigit(d.peek())) {
            dimension = new Name(d.number());
        } else if (d.peek() != '_') {
            dimension = d.expressions.expression();
        }
        d.expect('_');
        return new Array(type(), dimension);
    }

    /** {@code Ts/Tu/Te <name>}: an elaborated type specifier. */
    private Node elaborated() {
        d.p++;
        char k = d.s.charAt(d.p++);
        String kw = k == 's' ? "struct " : k == 'u' ? "union " : "enum ";
        Node n = new Wrapped(kw, d.name(null), "");
        d.substitutions.add(n);
        return n;
    }

    /** A class or enum type by name; substitution candidate. */
    Node name() {
        Node n = d.name(null);
        d.substitutions.add(n);
        return n;
    }

    /** {@code T_}, {@code T<n>_} (and {@code TL<l>__...}): the template argument it refers to. */
    Node templateParam() {
        d.expect('T');
        if (d.peek() == 'L') {
            throw new Declined();
        }
        int index = 0;
        if (d.peek() != '_') {
            String n = d.number();
            if (n.isEmpty() || n.length() > 6) {
                throw new Declined();
            }
            index = Integer.parseInt(n) + 1;
        }
        d.expect('_');
        if (index >= d.templateParams.size()) {
            throw new Declined();
        }
        return d.templateParams.get(index);
    }
}
