package org.gpumem.images;

import java.util.List;

/**
 * The syntax tree {@link ItaniumDemangler} builds, and how each node prints. Types print in two
 * halves around a declarator, as C++ spells them: the left half ({@code void (*}) and the right
 * half ({@code )(int)}), so that pointers to functions and arrays, references to arrays and
 * pointers to members come out as llvm-cxxfilt spells them.
 */
final class ItaniumNodes {
    private ItaniumNodes() {
    }

    /** The output, with the state of the pack expansion being printed (as in LLVM's OutputBuffer). */
    static final class Out {
        static final int UNSET = Integer.MAX_VALUE;
        final StringBuilder b = new StringBuilder();
        int packIndex = UNSET;
        int packMax = UNSET;
        /**
         * 0 while printing template arguments outside parentheses, where a {@code >} operator
         * needs parentheses of its own; each open parenthesis adds one.
         */
        int gtIsGt = 1;

        void open() {
            gtIsGt++;
            b.append('(');
        }

        void close() {
            gtIsGt--;
            b.append(')');
        }

        Out append(String s) {
            b.append(s);
            return this;
        }

        char last() {
            return b.length() == 0 ? '\0' : b.charAt(b.length() - 1);
        }

        int position() {
            return b.length();
        }

        void truncate(int position) {
            b.setLength(position);
        }
    }

    abstract static class Node {
        abstract void printLeft(Out o);

        void printRight(Out o) {
        }

        /** Whether the type needs a right half (functions, arrays, pointers to them). */
        boolean hasRightPart(Out o) {
            return false;
        }

        boolean isArray(Out o) {
            return false;
        }

        boolean isFunction(Out o) {
            return false;
        }

        void print(Out o) {
            printLeft(o);
            if (hasRightPart(o)) {
                printRight(o);
            }
        }

        /** The name a constructor or destructor of this class is spelled with (the last component, no template args). */
        String baseName() {
            Out o = new Out();
            print(o);
            return o.b.toString();
        }
    }

    /** Prints {@code nodes} separated by ", ", dropping the comma before an empty pack expansion. */
    static void printWithComma(Out o, List<Node> nodes) {
        boolean first = true;
        for (Node n : nodes) {
            int beforeComma = o.position();
            if (!first) {
                o.append(", ");
            }
            int afterComma = o.position();
            n.print(o);
            if (afterComma == o.position()) {
                o.truncate(beforeComma);
                continue;
            }
            first = false;
        }
    }

    /** A node printed around another, whose right half and declarator kind are the other's. */
    abstract static class Forwarding extends Node {
        /** The node this one forwards to, or null when there is none (an empty pack). */
        abstract Node inner(Out o);

        @Override
        void printRight(Out o) {
            Node n = inner(o);
            if (n != null) {
                n.printRight(o);
            }
        }

        @Override
        boolean hasRightPart(Out o) {
            Node n = inner(o);
            return n != null && n.hasRightPart(o);
        }

        @Override
        boolean isArray(Out o) {
            Node n = inner(o);
            return n != null && n.isArray(o);
        }

        @Override
        boolean isFunction(Out o) {
            Node n = inner(o);
            return n != null && n.isFunction(o);
        }
    }

    static final class Name extends Node {
        final String name;

        Name(String name) {
            this.name = name;
        }

        @Override
        void printLeft(Out o) {
            o.append(name);
        }

        @Override
        String baseName() {
            return name;
        }
    }

    static final class Nested extends Node {
        final Node qualifier;
        final Node name;

        Nested(Node qualifier, Node name) {
            this.qualifier = qualifier;
            this.name = name;
        }

        @Override
        void printLeft(Out o) {
            qualifier.print(o);
            o.append("::");
            name.print(o);
        }

        @Override
        String baseName() {
            return name.baseName();
        }
    }

    static final class WithTemplateArgs extends Node {
        final Node name;
        final Node args;

        WithTemplateArgs(Node name, Node args) {
            this.name = name;
            this.args = args;
        }

        @Override
        void printLeft(Out o) {
            name.print(o);
            args.print(o);
        }

        @Override
        String baseName() {
            return name.baseName();
        }
    }

    static final class TemplateArgs extends Node {
        final List<Node> args;

        TemplateArgs(List<Node> args) {
            this.args = args;
        }

        @Override
        void printLeft(Out o) {
            int saveIndex = o.packIndex;
            int saveMax = o.packMax;
            o.packIndex = Out.UNSET;
            o.packMax = Out.UNSET;
            int saveGt = o.gtIsGt;
            o.gtIsGt = 0;
            o.append("<");
            printWithComma(o, args);
            o.append(">");
            o.gtIsGt = saveGt;
            o.packIndex = saveIndex;
            o.packMax = saveMax;
        }
    }

    /** A {@code J ... E} template argument pack: its elements, comma-separated. */
    static final class ArgumentPack extends Node {
        final List<Node> elements;

        ArgumentPack(List<Node> elements) {
            this.elements = elements;
        }

        @Override
        void printLeft(Out o) {
            printWithComma(o, elements);
        }
    }

    /** A template parameter bound to a pack: prints the element of the expansion being printed. */
    static final class ParameterPack extends Forwarding {
        final List<Node> elements;

        ParameterPack(List<Node> elements) {
            this.elements = elements;
        }

        @Override
        Node inner(Out o) {
            if (o.packMax == Out.UNSET) {
                o.packMax = elements.size();
                o.packIndex = 0;
            }
            return o.packIndex < elements.size() ? elements.get(o.packIndex) : null;
        }

        @Override
        void printLeft(Out o) {
            Node n = inner(o);
            if (n != null) {
                n.printLeft(o);
            }
        }
    }

    /** {@code Dp}: the child once per element of the pack it mentions. */
    static final class PackExpansion extends Node {
        final Node child;

        PackExpansion(Node child) {
            this.child = child;
        }

        @Override
        void printLeft(Out o) {
            int saveIndex = o.packIndex;
            int saveMax = o.packMax;
            o.packIndex = Out.UNSET;
            o.packMax = Out.UNSET;
            int start = o.position();
            child.print(o);
            if (o.packMax == Out.UNSET) {
                o.append("...");
            } else if (o.packMax == 0) {
                o.truncate(start);
            } else {
                for (int i = 1, n = o.packMax; i < n; i++) {
                    o.append(", ");
                    o.packIndex = i;
                    child.print(o);
                }
            }
            o.packIndex = saveIndex;
            o.packMax = saveMax;
        }
    }

    /** A function's encoding: return type (templates only), name, parameters, qualifiers. */
    static final class Encoding extends Node {
        final Node ret;
        final Node name;
        final List<Node> params;
        final int cv;
        final String ref;

        Encoding(Node ret, Node name, List<Node> params, int cv, String ref) {
            this.ret = ret;
            this.name = name;
            this.params = params;
            this.cv = cv;
            this.ref = ref;
        }

        @Override
        boolean hasRightPart(Out o) {
            return true;
        }

        @Override
        boolean isFunction(Out o) {
            return true;
        }

        @Override
        void printLeft(Out o) {
            if (ret != null) {
                ret.printLeft(o);
                if (!ret.hasRightPart(o)) {
                    o.append(" ");
                }
            }
            name.print(o);
        }

        @Override
        void printRight(Out o) {
            ItaniumTypeNodes.printParameters(o, params, ret, cv, ref);
        }
    }

    /** {@code Z <encoding> E <entity>}: a name local to a function. */
    static final class Local extends Node {
        final Node encoding;
        final Node entity;

        Local(Node encoding, Node entity) {
            this.encoding = encoding;
            this.entity = entity;
        }

        @Override
        void printLeft(Out o) {
            encoding.print(o);
            o.append("::");
            entity.print(o);
        }
    }

    static final class CtorDtor extends Node {
        final String base;
        final boolean dtor;

        CtorDtor(String base, boolean dtor) {
            this.base = base;
            this.dtor = dtor;
        }

        @Override
        void printLeft(Out o) {
            if (dtor) {
                o.append("~");
            }
            o.append(base);
        }
    }

    /** {@code Ul <params> E [n] _}: a lambda's closure type, printed {@code 'lambda'(int)}. */
    static final class Closure extends Node {
        final List<Node> params;
        final String count;

        Closure(List<Node> params, String count) {
            this.params = params;
            this.count = count;
        }

        @Override
        void printLeft(Out o) {
            o.append("'lambda").append(count).append("'(");
            printWithComma(o, params);
            o.append(")");
        }
    }

    static final class AbiTagged extends Node {
        final Node base;
        final String tag;

        AbiTagged(Node base, String tag) {
            this.base = base;
            this.tag = tag;
        }

        @Override
        void printLeft(Out o) {
            base.printLeft(o);
            o.append("[abi:").append(tag).append("]");
        }

        @Override
        String baseName() {
            return base.baseName();
        }
    }

    /** Text before and after a child: elaborated types, special names, vendor suffixes, expressions. */
    static final class Wrapped extends Node {
        final String before;
        final Node child;
        final String after;

        Wrapped(String before, Node child, String after) {
            this.before = before;
            this.child = child;
            this.after = after;
        }

        @Override
        void printLeft(Out o) {
            o.append(before);
            child.print(o);
            o.append(after);
        }
    }

    /** How tightly an expression binds, as LLVM orders C++'s operators (lower binds tighter). */
    enum Prec {
        PRIMARY, POSTFIX, UNARY, CAST, PTR_MEM, MULTIPLICATIVE, ADDITIVE, SHIFT, SPACESHIP, RELATIONAL, EQUALITY, AND,
        XOR, IOR, AND_IF, OR_IF, CONDITIONAL, ASSIGN, COMMA, DEFAULT
    }

    /** An expression, printed in parentheses where its operands' precedence requires them. */
    abstract static class Expression extends Node {
        final Prec prec;

        Expression(Prec prec) {
            this.prec = prec;
        }

        static Prec precOf(Node n) {
            return n instanceof Expression e ? e.prec : Prec.PRIMARY;
        }

        static void operand(Out o, Node n, Prec p, boolean strictlyWorse) {
            boolean paren = precOf(n).ordinal() >= p.ordinal() + (strictlyWorse ? 1 : 0);
            if (paren) {
                o.open();
            }
            n.print(o);
            if (paren) {
                o.close();
            }
        }
    }

    static final class Binary extends Expression {
        final Node lhs;
        final String op;
        final Node rhs;

        Binary(Node lhs, String op, Node rhs, Prec prec) {
            super(prec);
            this.lhs = lhs;
            this.op = op;
            this.rhs = rhs;
        }

        @Override
        void printLeft(Out o) {
            boolean parenAll = o.gtIsGt == 0 && (op.equals(">") || op.equals(">>"));
            if (parenAll) {
                o.open();
            }
            boolean assign = prec == Prec.ASSIGN;
            operand(o, lhs, assign ? Prec.OR_IF : prec, !assign);
            if (!op.equals(",")) {
                o.append(" ");
            }
            o.append(op).append(" ");
            operand(o, rhs, prec, assign);
            if (parenAll) {
                o.close();
            }
        }
    }

    static final class Prefix extends Expression {
        final String op;
        final Node child;

        Prefix(String op, Node child) {
            super(Prec.UNARY);
            this.op = op;
            this.child = child;
        }

        @Override
        void printLeft(Out o) {
            o.append(op);
            operand(o, child, prec, false);
        }
    }

    /** Text and nodes printed in order (casts, calls, sizeof...), at a given precedence. */
    static final class Composite extends Expression {
        final Object[] parts;

        /** Parts are Strings (printed as is), Nodes, and Lists of nodes (printed with commas). */
        Composite(Prec prec, Object... parts) {
            super(prec);
            this.parts = parts;
        }

        @Override
        void printLeft(Out o) {
            for (Object p : parts) {
                if (p instanceof String s) {
                    o.append(s);
                } else if (p instanceof List<?> list) {
                    @SuppressWarnings("unchecked")
                    List<Node> nodes = (List<Node>) list;
                    printWithComma(o, nodes);
                } else {
                    ((Node) p).print(o);
                }
            }
        }
    }
}
