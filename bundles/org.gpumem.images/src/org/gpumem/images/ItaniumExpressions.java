package org.gpumem.images;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gpumem.images.ItaniumDemangler.Declined;
import org.gpumem.images.ItaniumDemangler.NameState;
import org.gpumem.images.ItaniumNodes.Binary;
import org.gpumem.images.ItaniumNodes.Composite;
import org.gpumem.images.ItaniumNodes.Name;
import org.gpumem.images.ItaniumNodes.Nested;
import org.gpumem.images.ItaniumNodes.Node;
import org.gpumem.images.ItaniumNodes.Prec;
import org.gpumem.images.ItaniumNodes.Prefix;
import org.gpumem.images.ItaniumNodes.WithTemplateArgs;

/**
 * Operator names, {@code <expression>} and {@code <expr-primary>} (literals) of the Itanium
 * mangling, for {@link ItaniumDemangler}; printed with LLVM's precedence rules.
 */
final class ItaniumExpressions {
    /** An operator's spelling and precedence; {@code binary} false for prefix operators. */
    private record Op(String spelling, Prec prec, boolean binary) {
    }

    private static final Map<String, Op> OPERATORS = Map.ofEntries(
            Map.entry("aN", new Op("&=", Prec.ASSIGN, true)), Map.entry("aS", new Op("=", Prec.ASSIGN, true)),
            Map.entry("aa", new Op("&&", Prec.AND_IF, true)), Map.entry("an", new Op("&", Prec.AND, true)),
            Map.entry("dV", new Op("/=", Prec.ASSIGN, true)), Map.entry("dv", new Op("/", Prec.MULTIPLICATIVE, true)),
            Map.entry("eO", new Op("^=", Prec.ASSIGN, true)), Map.entry("eo", new Op("^", Prec.XOR, true)),
            Map.entry("eq", new Op("==", Prec.EQUALITY, true)), Map.entry("ge", new Op(">=", Prec.RELATIONAL, true)),
            Map.entry("gt", new Op(">", Prec.RELATIONAL, true)), Map.entry("le", new Op("<=", Prec.RELATIONAL, true)),
            Map.entry("lS", new Op("<<=", Prec.ASSIGN, true)), Map.entry("ls", new Op("<<", Prec.SHIFT, true)),
            Map.entry("lt", new Op("<", Prec.RELATIONAL, true)), Map.entry("mI", new Op("-=", Prec.ASSIGN, true)),
            Map.entry("mL", new Op("*=", Prec.ASSIGN, true)), Map.entry("mi", new Op("-", Prec.ADDITIVE, true)),
            Map.entry("ml", new Op("*", Prec.MULTIPLICATIVE, true)), Map.entry("ne", new Op("!=", Prec.EQUALITY, true)),
            Map.entry("oR", new Op("|=", Prec.ASSIGN, true)), Map.entry("oo", new Op("||", Prec.OR_IF, true)),
            Map.entry("or", new Op("|", Prec.IOR, true)), Map.entry("pL", new Op("+=", Prec.ASSIGN, true)),
            Map.entry("pl", new Op("+", Prec.ADDITIVE, true)), Map.entry("rM", new Op("%=", Prec.ASSIGN, true)),
            Map.entry("rS", new Op(">>=", Prec.ASSIGN, true)), Map.entry("rm", new Op("%", Prec.MULTIPLICATIVE, true)),
            Map.entry("rs", new Op(">>", Prec.SHIFT, true)), Map.entry("ss", new Op("<=>", Prec.SPACESHIP, true)),
            Map.entry("cm", new Op(",", Prec.COMMA, true)), Map.entry("ds", new Op(".*", Prec.PTR_MEM, true)),
            Map.entry("pm", new Op("->*", Prec.PTR_MEM, true)), Map.entry("ad", new Op("&", Prec.UNARY, false)),
            Map.entry("co", new Op("~", Prec.UNARY, false)), Map.entry("de", new Op("*", Prec.UNARY, false)),
            Map.entry("ng", new Op("-", Prec.UNARY, false)), Map.entry("nt", new Op("!", Prec.UNARY, false)),
            Map.entry("ps", new Op("+", Prec.UNARY, false)), Map.entry("pp", new Op("++", Prec.UNARY, false)),
            Map.entry("mm", new Op("--", Prec.UNARY, false)));

    /** Operator names that are not expressions' operators: {@code operator()}, {@code operator new}... */
    private static final Map<String, String> NAMES_ONLY = Map.of("cl", "()", "ix", "[]", "nw", " new", "na", " new[]",
            "dl", " delete", "da", " delete[]", "pt", "->", "qu", "?", "aw", " co_await");

    private final ItaniumDemangler d;

    ItaniumExpressions(ItaniumDemangler d) {
        this.d = d;
    }

    /** {@code <operator-name>}: {@code operator+}, {@code operator()}, {@code operator int} ({@code cv}), {@code operator"" _x} ({@code li}). */
    Node operatorName(NameState state) {
        String code = d.s.substring(d.p, Math.min(d.p + 2, d.s.length()));
        if (code.equals("cv")) {
            d.p += 2;
            if (state != null) {
                state.ctorDtorConversion = true;
            }
            Node t = d.types.type();
            return new Composite(Prec.PRIMARY, "operator ", t);
        }
        if (code.equals("li")) {
            d.p += 2;
            return new Composite(Prec.PRIMARY, "operator\"\" ", d.sourceName());
        }
        Op op = OPERATORS.get(code);
        String spelling = op != null ? op.spelling() : NAMES_ONLY.get(code);
        if (spelling == null) {
            throw new Declined();
        }
        d.p += 2;
        return new Name("operator" + spelling);
    }

    Node expression() {
        return d.nested(this::parse);
    }

    private Node parse() {
        char c0 = d.peek();
        char c1 = d.peek(1);
        if (c0 == 'L') {
            return primary();
        }
        if (c0 == 'T') {
            return d.types.templateParam();
        }
        if (c0 == 'f' && c1 == 'p') {
            d.p += 2;
            d.cvQualifiers();
            String n = d.number();
            d.expect('_');
            return new Name("fp" + n);
        }
        String code = d.s.substring(d.p, Math.min(d.p + 2, d.s.length()));
        Op op = OPERATORS.get(code);
        if (op != null) {
            d.p += 2;
            if (!op.binary()) {
                boolean prefix = (code.equals("pp") || code.equals("mm")) && d.consume('_');
                Node child = expression();
                if ((code.equals("pp") || code.equals("mm")) && !prefix) {
                    return new Composite(Prec.POSTFIX, child, op.spelling());
                }
                return new Prefix(op.spelling(), child);
            }
            Node lhs = expression();
            Node rhs = expression();
            return new Binary(lhs, op.spelling(), rhs, op.prec());
        }
        d.p += 2;
        switch (code) {
            case "st" -> {
                return new Composite(Prec.UNARY, "sizeof (", d.types.type(), ")");
            }
            case "sz" -> {
                return new Composite(Prec.UNARY, "sizeof (", expression(), ")");
            }
            case "at" -> {
                return new Composite(Prec.UNARY, "alignof (", d.types.type(), ")");
            }
            case "az" -> {
                return new Composite(Prec.UNARY, "alignof (", expression(), ")");
            }
            case "sZ" -> {
                Node pack = d.peek() == 'T' ? d.types.templateParam() : new Name("fp" + functionParamIndex());
                return new Composite(Prec.UNARY, "sizeof...(", pack, ")");
            }
            case "cv" -> {
                Node t = d.types.type();
                if (d.consume('_')) {
                    List<Node> args = new ArrayList<>();
                    while (!d.consume('E')) {
                        args.add(expression());
                    }
                    return new Composite(Prec.CAST, "(", t, ")(", args, ")");
                }
                return new Composite(Prec.CAST, "(", t, ")", expression());
            }
            case "cl" -> {
                Node callee = expression();
                List<Node> args = new ArrayList<>();
                while (!d.consume('E')) {
                    args.add(expression());
                }
                return new Composite(Prec.POSTFIX, callee, "(", args, ")");
            }
            case "qu" -> {
                Node cond = expression();
                Node then = expression();
                Node otherwise = expression();
                return new Composite(Prec.CONDITIONAL, cond, " ? ", then, " : ", otherwise);
            }
            case "ix" -> {
                Node base = expression();
                Node index = expression();
                return new Composite(Prec.POSTFIX, base, "[", index, "]");
            }
            case "dt", "pt" -> {
                Node base = expression();
                Node member = unresolvedName();
                return new Composite(Prec.POSTFIX, base, code.equals("dt") ? "." : "->", member);
            }
            case "sc", "dc", "cc", "rc" -> {
                String kind = switch (code) {
                    case "sc" -> "static_cast";
                    case "dc" -> "dynamic_cast";
                    case "cc" -> "const_cast";
                    default -> "reinterpret_cast";
                };
                Node t = d.types.type();
                Node e = expression();
                return new Composite(Prec.POSTFIX, kind, "<", t, ">(", e, ")");
            }
            case "sr" -> {
                return scopeResolution();
            }
            case "gs" -> {
                return new Composite(Prec.PRIMARY, "::", expression());
            }
            case "tw" -> {
                return new Composite(Prec.ASSIGN, "throw ", expression());
            }
            case "tr" -> {
                return new Name("throw");
            }
            default -> {
                d.p -= 2;
                if (Character.isDigit(c0)) {
                    return unresolvedName();
                }
                throw new Declined();
            }
        }
    }

    private String functionParamIndex() {
        d.expect('f');
        d.expect('p');
        d.cvQualifiers();
        String n = d.number();
        d.expect('_');
        return n;
    }

    /** {@code sr <type> <base-unresolved-name>} and {@code sr N <type> <simple-id>+ E <base>}, {@code sr <simple-id>+ E <base>}. */
    private Node scopeResolution() {
        if (d.consume('N')) {
            Node qualifier = d.peek() == 'T' ? d.types.templateParam() : d.types.type();
            if (d.peek() == 'I') {
                qualifier = new WithTemplateArgs(qualifier, d.templateArgs(false));
            }
            while (!d.consume('E')) {
                qualifier = new Nested(qualifier, simpleId());
            }
            return new Nested(qualifier, unresolvedName());
        }
        if (Character.isDigit(d.peek())) {
            Node qualifier = simpleId();
            while (!d.consume('E')) {
                qualifier = new Nested(qualifier, simpleId());
            }
            return new Nested(qualifier, unresolvedName());
        }
        Node qualifier = d.peek() == 'T' ? d.types.templateParam() : d.types.type();
        if (d.peek() == 'I') {
            qualifier = new WithTemplateArgs(qualifier, d.templateArgs(false));
        }
        return new Nested(qualifier, unresolvedName());
    }

    private Node simpleId() {
        Node n = d.sourceName();
        return d.peek() == 'I' ? new WithTemplateArgs(n, d.templateArgs(false)) : n;
    }

    /** {@code <base-unresolved-name>}: a simple id, {@code on <operator>}, {@code dn <destructor>}. */
    private Node unresolvedName() {
        if (d.consume("on")) {
            Node op = operatorName(null);
            return d.peek() == 'I' ? new WithTemplateArgs(op, d.templateArgs(false)) : op;
        }
        if (d.consume("dn")) {
            Node n = Character.isDigit(d.peek()) ? simpleId() : d.types.type();
            return new Composite(Prec.PRIMARY, "~", n);
        }
        return simpleId();
    }

    /** {@code L <type> <value> E}, {@code L <mangled-name> E}, {@code LDnE}: literals as llvm-cxxfilt prints them. */
    Node primary() {
        d.expect('L');
        if (d.consume("_Z")) {
            Node e = d.encoding();
            d.expect('E');
            return e;
        }
        if (d.consume("DnE")) {
            return new Name("nullptr");
        }
        char t = d.peek();
        String builtin = ItaniumTypes.builtin(t);
        if (builtin != null && t != 'v' && t != 'z') {
            d.p++;
            if (t == 'f' || t == 'd' || t == 'e' || t == 'g') {
                throw new Declined();
            }
            String v = value();
            return new Name(integerLiteral(t, builtin, v));
        }
        Node type = d.types.type();
        String v = value();
        return new Composite(Prec.CAST, "(", type, ")", v);
    }

    private String value() {
        boolean negative = d.consume('n');
        String digits = d.number();
        if (digits.isEmpty()) {
            throw new Declined();
        }
        d.expect('E');
        return (negative ? "-" : "") + digits;
    }

    private static String integerLiteral(char t, String type, String v) {
        return switch (t) {
            case 'b' -> v.equals("0") ? "false" : v.equals("1") ? "true" : "(bool)" + v;
            case 'i' -> v;
            case 'j' -> v + "u";
            case 'l' -> v + "l";
            case 'm' -> v + "ul";
            case 'x' -> v + "ll";
            case 'y' -> v + "ull";
            default -> "(" + type + ")" + v;
        };
    }
}
