package org.gpumem.debug.core.expr;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import org.gpumem.debug.core.expr.ExpressionNode.Binary;
import org.gpumem.debug.core.expr.ExpressionNode.Cast;
import org.gpumem.debug.core.expr.ExpressionNode.Conditional;
import org.gpumem.debug.core.expr.ExpressionNode.Index;
import org.gpumem.debug.core.expr.ExpressionNode.Literal;
import org.gpumem.debug.core.expr.ExpressionNode.Member;
import org.gpumem.debug.core.expr.ExpressionNode.Name;
import org.gpumem.debug.core.expr.ExpressionNode.Register;
import org.gpumem.debug.core.expr.ExpressionNode.SizeOf;
import org.gpumem.debug.core.expr.ExpressionNode.TypeName;
import org.gpumem.debug.core.expr.ExpressionNode.Unary;
import org.gpumem.dwarf.types.DwarfType;

/**
 * C's expression grammar, as far as a debugger's {@code print} needs it: precedence climbing over
 * the binary operators, unary operators, casts, sizeof, postfix indexing and member access,
 * literals, names and registers. Whether {@code (X)} starts a cast depends on whether X names a
 * type, which the caller's oracle answers (the module's DWARF types); the base types, qualifiers
 * and {@code @space} always start one.
 */
final class ExpressionParser {
    /** Longest expression text accepted (a user's line, not a program). */
    static final int MAX_LENGTH = 4096;
    private static final int MAX_DEPTH = 200;

    private enum Kind {
        IDENT, INT, FLOAT, CHAR, PUNCT, END
    }

    private record Token(Kind kind, String text, int pos, int end) {
        boolean is(String punct) {
            return kind == Kind.PUNCT && text.equals(punct);
        }
    }

    private static final String[] PUNCTUATORS = {"->", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "(", ")", "[", "]",
        ".", "+", "-", "*", "/", "%", "<", ">", "&", "|", "^", "~", "!", "?", ":", "@", "$"};
    private static final Set<String> QUALIFIERS = Set.of("const", "volatile", "restrict");
    private static final Set<String> TAGS = Set.of("struct", "union", "enum", "class");
    private static final Set<String> SUFFIXES = Set.of("", "u", "l", "ul", "lu", "ll", "ull", "llu");

    /** Binary operators by precedence, loosest first. */
    private static final List<List<String>> LEVELS = List.of(List.of("||"), List.of("&&"), List.of("|"), List.of("^"),
            List.of("&"), List.of("==", "!="), List.of("<", "<=", ">", ">="), List.of("<<", ">>"), List.of("+", "-"),
            List.of("*", "/", "%"));

    private final String text;
    private final Predicate<String> isTypeName;
    private final List<Token> tokens;
    private int at;
    private int depth;

    private ExpressionParser(String text, Predicate<String> isTypeName) {
        this.text = text;
        this.isTypeName = isTypeName;
        this.tokens = lex(text);
    }

    /**
     * Parses {@code text}.
     *
     * @param isTypeName whether an identifier names a type (the module's structs, typedefs, enums)
     * @throws ExpressionException naming the position of the first thing that is not an expression
     */
    static ExpressionNode parse(String text, Predicate<String> isTypeName) {
        if (text.length() > MAX_LENGTH) {
            throw new ExpressionException(MAX_LENGTH, "the expression is longer than " + MAX_LENGTH + " characters");
        }
        ExpressionParser p = new ExpressionParser(text, isTypeName);
        if (p.peek().kind() == Kind.END) {
            throw new ExpressionException(0, "empty expression");
        }
        ExpressionNode e = p.expression();
        Token rest = p.peek();
        if (rest.kind() != Kind.END) {
            throw new ExpressionException(rest.pos(), "unexpected '" + rest.text() + "' after the expression");
        }
        return e;
    }

    // ------------------------------------------------------------------ tokens

    private static List<Token> lex(String s) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (Character.isLetter(c) || c == '_') {
                int j = i + 1;
                while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
                    j++;
                }
                out.add(new Token(Kind.IDENT, s.substring(i, j), i, j));
                i = j;
            } else if (Character.isDigit(c) || c == '.' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1))) {
                i = number(s, i, out);
            } else if (c == '\'') {
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != '\'') {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                if (j >= s.length()) {
                    throw new ExpressionException(i, "unterminated character literal");
                }
                out.add(new Token(Kind.CHAR, s.substring(i + 1, j), i, j + 1));
                i = j + 1;
            } else {
                String p = null;
                for (String candidate : PUNCTUATORS) {
                    if (s.startsWith(candidate, i)) {
                        p = candidate;
                        break;
                    }
                }
                if (p == null) {
                    throw new ExpressionException(i, "unexpected character '" + c + "'");
                }
                out.add(new Token(Kind.PUNCT, p, i, i + p.length()));
                i += p.length();
            }
        }
        out.add(new Token(Kind.END, "end of the expression", s.length(), s.length()));
        return out;
    }

    private static int number(String s, int i, List<Token> out) {
        int j = i;
        boolean floating = false;
        if (s.startsWith("0x", i) || s.startsWith("0X", i)) {
            j += 2;
            while (j < s.length() && Character.digit(s.charAt(j), 16) >= 0) {
                j++;
            }
        } else {
            while (j < s.length() && (Character.isDigit(s.charAt(j)) || s.charAt(j) == '.')) {
                floating |= s.charAt(j) == '.';
                j++;
            }
            if (j < s.length() && (s.charAt(j) == 'e' || s.charAt(j) == 'E')) {
                int k = j + 1;
                if (k < s.length() && (s.charAt(k) == '+' || s.charAt(k) == '-')) {
                    k++;
                }
                if (k < s.length() && Character.isDigit(s.charAt(k))) {
                    floating = true;
                    j = k;
                    while (j < s.length() && Character.isDigit(s.charAt(j))) {
                        j++;
                    }
                }
            }
        }
        while (j < s.length() && Character.isLetterOrDigit(s.charAt(j))) {
            floating |= !s.startsWith("0x", i) && !s.startsWith("0X", i) && (s.charAt(j) == 'f' || s.charAt(j) == 'F');
            j++;
        }
        out.add(new Token(floating ? Kind.FLOAT : Kind.INT, s.substring(i, j), i, j));
        return j;
    }

    private Token peek() {
        return tokens.get(at);
    }

    private Token peek(int ahead) {
        return tokens.get(Math.min(at + ahead, tokens.size() - 1));
    }

    private Token next() {
        Token t = tokens.get(at);
        if (t.kind() != Kind.END) {
            at++;
        }
        return t;
    }

    private Token expect(String punct, String what) {
        Token t = peek();
        if (!t.is(punct)) {
            throw new ExpressionException(t.pos(), "expected " + what + ", found " + describe(t));
        }
        return next();
    }

    private static String describe(Token t) {
        return t.kind() == Kind.END ? "the end of the expression" : "'" + t.text() + "'";
    }

    // ------------------------------------------------------------------ grammar

    private ExpressionNode expression() {
        if (++depth > MAX_DEPTH) {
            throw new ExpressionException(peek().pos(), "the expression nests more than " + MAX_DEPTH + " deep");
        }
        try {
            ExpressionNode condition = binary(0);
            if (peek().is("?")) {
                Token q = next();
                ExpressionNode whenTrue = expression();
                expect(":", "':' of the conditional at column " + (q.pos() + 1));
                ExpressionNode whenFalse = expression();
                return new Conditional(q.pos(), condition, whenTrue, whenFalse);
            }
            return condition;
        } finally {
            depth--;
        }
    }

    private ExpressionNode binary(int level) {
        if (level == LEVELS.size()) {
            return unary();
        }
        ExpressionNode left = binary(level + 1);
        while (peek().kind() == Kind.PUNCT && LEVELS.get(level).contains(peek().text())) {
            Token op = next();
            left = new Binary(op.pos(), op.text(), left, binary(level + 1));
        }
        return left;
    }

    private ExpressionNode unary() {
        if (++depth > MAX_DEPTH) {
            throw new ExpressionException(peek().pos(), "the expression nests more than " + MAX_DEPTH + " deep");
        }
        try {
            Token t = peek();
            if (t.kind() == Kind.PUNCT && (t.is("-") || t.is("+") || t.is("!") || t.is("~") || t.is("*") || t.is("&"))) {
                next();
                return new Unary(t.pos(), t.text(), unary());
            }
            if (t.kind() == Kind.IDENT && t.text().equals("sizeof")) {
                next();
                if (peek().is("(") && startsType(1)) {
                    next();
                    TypeName type = typeName();
                    expect(")", "')' after the type");
                    return new SizeOf(t.pos(), null, type);
                }
                return new SizeOf(t.pos(), unary(), null);
            }
            if (t.is("(") && startsType(1)) {
                next();
                TypeName type = typeName();
                expect(")", "')' after the type of the cast");
                return new Cast(t.pos(), type, unary());
            }
            return postfix(primary());
        } finally {
            depth--;
        }
    }

    /** Whether the token {@code ahead} positions on starts a type name. */
    private boolean startsType(int ahead) {
        Token t = peek(ahead);
        if (t.is("@")) {
            return true;
        }
        if (t.kind() != Kind.IDENT) {
            return false;
        }
        String w = t.text();
        if (CTypes.TYPE_WORDS.contains(w) || QUALIFIERS.contains(w) || TAGS.contains(w)) {
            return true;
        }
        Token after = peek(ahead + 1);
        return isTypeName.test(w) && (after.is(")") || after.is("*") || after.is("@") || after.is("["));
    }

    private TypeName typeName() {
        int start = peek().pos();
        List<String> words = new ArrayList<>();
        String name = null;
        String space = null;
        while (true) {
            Token t = peek();
            if (t.is("@")) {
                next();
                space = spaceName();
            } else if (t.kind() == Kind.IDENT && QUALIFIERS.contains(t.text())) {
                next();
            } else if (t.kind() == Kind.IDENT && CTypes.TYPE_WORDS.contains(t.text()) && name == null) {
                words.add(next().text());
            } else if (t.kind() == Kind.IDENT && TAGS.contains(t.text()) && name == null && words.isEmpty()) {
                next();
                Token n = next();
                if (n.kind() != Kind.IDENT) {
                    throw new ExpressionException(n.pos(), "expected the name after '" + t.text() + "', found " + describe(n));
                }
                name = n.text();
            } else if (t.kind() == Kind.IDENT && name == null && words.isEmpty() && isTypeName.test(t.text())) {
                name = next().text();
            } else {
                break;
            }
        }
        if (name == null && words.isEmpty()) {
            throw new ExpressionException(peek().pos(), "expected a type, found " + describe(peek()));
        }
        List<String> pointees = new ArrayList<>();
        while (peek().is("*")) {
            next();
            pointees.add(space);
            space = null;
            while (peek().is("@") || peek().kind() == Kind.IDENT && QUALIFIERS.contains(peek().text())) {
                if (next().is("@")) {
                    space = spaceName();
                }
            }
        }
        if (space != null) {
            throw new ExpressionException(peek().pos(), "@" + space + " qualifies what a pointer points to: write it before the '*'");
        }
        List<Long> extents = new ArrayList<>();
        while (peek().is("[")) {
            next();
            Token n = next();
            if (n.kind() != Kind.INT) {
                throw new ExpressionException(n.pos(), "expected an array extent, found " + describe(n));
            }
            Literal extent = integer(n);
            extents.add(Bits.unsigned(extent.bytes(), 0, extent.bytes().length));
            expect("]", "']'");
        }
        return new TypeName(start, text.substring(start, peek().pos()).strip(), words, name, pointees, extents);
    }

    private String spaceName() {
        Token n = next();
        if (n.kind() != Kind.IDENT) {
            throw new ExpressionException(n.pos(), "expected an address space after '@', found " + describe(n));
        }
        return n.text();
    }

    private ExpressionNode postfix(ExpressionNode e) {
        while (true) {
            Token t = peek();
            if (t.is("[")) {
                next();
                ExpressionNode index = expression();
                expect("]", "']' closing the index at column " + (t.pos() + 1));
                e = new Index(t.pos(), e, index);
            } else if (t.is(".") || t.is("->")) {
                next();
                Token m = next();
                if (m.kind() != Kind.IDENT) {
                    throw new ExpressionException(m.pos(), "expected a member name after '" + t.text() + "', found " + describe(m));
                }
                e = new Member(m.pos(), e, m.text(), t.is("->"));
            } else {
                return e;
            }
        }
    }

    private ExpressionNode primary() {
        Token t = next();
        switch (t.kind()) {
            case INT:
                return integer(t);
            case FLOAT:
                return floating(t);
            case CHAR:
                return character(t);
            case IDENT:
                if (t.text().equals("true") || t.text().equals("false")) {
                    return new Literal(t.pos(), CTypes.BOOL, new byte[] {(byte) (t.text().equals("true") ? 1 : 0)});
                }
                return new Name(t.pos(), t.text());
            case PUNCT:
                if ((t.is("%") || t.is("$")) && peek().kind() == Kind.IDENT && peek().pos() == t.end()) {
                    return new Register(t.pos(), "%" + next().text());
                }
                if (t.is("(")) {
                    ExpressionNode inner = expression();
                    expect(")", "')' closing the parenthesis at column " + (t.pos() + 1));
                    return inner;
                }
                throw new ExpressionException(t.pos(), "expected an operand, found " + describe(t));
            default:
                throw new ExpressionException(t.pos(), "expected an operand, found " + describe(t));
        }
    }

    // ------------------------------------------------------------------ literals

    /** An integer literal typed as C types it (int, then unsigned int for hex, long, unsigned long). */
    private static Literal integer(Token t) {
        String s = t.text();
        int end = s.length();
        while (end > 0 && "uUlL".indexOf(s.charAt(end - 1)) >= 0) {
            end--;
        }
        String suffix = s.substring(end).toLowerCase();
        String digits = s.substring(0, end);
        if (!SUFFIXES.contains(suffix)) {
            throw new ExpressionException(t.pos(), "bad integer suffix '" + s.substring(end) + "'");
        }
        boolean unsigned = suffix.contains("u");
        int longs = suffix.replace("u", "").length();
        boolean decimal = !digits.startsWith("0") || digits.equals("0");
        BigInteger value;
        try {
            if (digits.startsWith("0x") || digits.startsWith("0X")) {
                value = new BigInteger(digits.substring(2), 16);
            } else if (!decimal) {
                value = new BigInteger(digits.substring(1), 8);
            } else {
                value = new BigInteger(digits);
            }
        } catch (NumberFormatException e) {
            throw new ExpressionException(t.pos(), "bad number '" + s + "'");
        }
        List<DwarfType.Base> candidates = new ArrayList<>();
        if (longs == 0) {
            if (!unsigned) {
                candidates.add(CTypes.INT);
            }
            if (unsigned || !decimal) {
                candidates.add(CTypes.UNSIGNED_INT);
            }
        }
        if (!unsigned) {
            candidates.add(CTypes.LONG);
        }
        candidates.add(CTypes.UNSIGNED_LONG);
        for (DwarfType.Base type : candidates) {
            int bits = type.size() * 8 - (type.isSigned() ? 1 : 0);
            if (value.bitLength() <= bits) {
                return new Literal(t.pos(), type, Bits.bytes(value.longValue(), type.size()));
            }
        }
        throw new ExpressionException(t.pos(), "integer " + s + " does not fit in 64 bits");
    }

    private static Literal floating(Token t) {
        String s = t.text();
        boolean single = s.endsWith("f") || s.endsWith("F");
        String number = single || s.endsWith("l") || s.endsWith("L") ? s.substring(0, s.length() - 1) : s;
        double v;
        try {
            v = Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw new ExpressionException(t.pos(), "bad number '" + s + "'");
        }
        return single ? new Literal(t.pos(), CTypes.FLOAT, Bits.bytes(Float.floatToRawIntBits((float) v), 4))
                : new Literal(t.pos(), CTypes.DOUBLE, Bits.bytes(Double.doubleToRawLongBits(v), 8));
    }

    private static Literal character(Token t) {
        String s = t.text();
        int value;
        if (s.isEmpty()) {
            throw new ExpressionException(t.pos(), "empty character literal");
        }
        if (s.charAt(0) != '\\') {
            if (s.length() != 1) {
                throw new ExpressionException(t.pos(), "more than one character in a character literal");
            }
            value = s.charAt(0);
        } else {
            String e = s.substring(1);
            value = switch (e) {
                case "n" -> '\n';
                case "t" -> '\t';
                case "r" -> '\r';
                case "a" -> 7;
                case "b" -> '\b';
                case "f" -> '\f';
                case "v" -> 11;
                case "\\" -> '\\';
                case "'" -> '\'';
                case "\"" -> '"';
                case "?" -> '?';
                default -> escaped(t, e);
            };
        }
        if (value > 0xff) {
            throw new ExpressionException(t.pos(), "character '" + s + "' is not one byte");
        }
        return new Literal(t.pos(), CTypes.CHAR, new byte[] {(byte) value});
    }

    private static int escaped(Token t, String e) {
        if (e.length() > 1 && e.length() <= 3 && e.charAt(0) == 'x' && e.chars().skip(1).allMatch(c -> Character.digit(c, 16) >= 0)) {
            return Integer.parseInt(e.substring(1), 16);
        }
        if (!e.isEmpty() && e.length() <= 3 && e.chars().allMatch(c -> c >= '0' && c <= '7')) {
            return Integer.parseInt(e, 8);
        }
        throw new ExpressionException(t.pos(), "unknown escape '\\" + e + "'");
    }
}
