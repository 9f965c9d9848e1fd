package org.gpumem.images;

import java.util.List;

import org.gpumem.images.ItaniumNodes.Node;
import org.gpumem.images.ItaniumNodes.Out;

/**
 * The type nodes of {@link ItaniumDemangler}'s syntax tree that print around a declarator:
 * qualifiers, pointers, references, pointers to members, arrays and function types.
 */
final class ItaniumTypeNodes {
    private ItaniumTypeNodes() {
    }

    static final class Qualified extends ItaniumNodes.Forwarding {
        static final int CONST = 1;
        static final int VOLATILE = 2;
        static final int RESTRICT = 4;
        final Node child;
        final int quals;

        Qualified(Node child, int quals) {
            this.child = child;
            this.quals = quals;
        }

        static void printQuals(Out o, int quals) {
            if ((quals & CONST) != 0) {
                o.append(" const");
            }
            if ((quals & VOLATILE) != 0) {
                o.append(" volatile");
            }
            if ((quals & RESTRICT) != 0) {
                o.append(" restrict");
            }
        }

        @Override
        void printLeft(Out o) {
            child.printLeft(o);
            printQuals(o, quals);
        }

        @Override
        Node inner(Out o) {
            return child;
        }
    }

    /** {@code U <name> [<args>] <type>}: a vendor qualifier such as {@code __vector}. */
    static final class VendorQualified extends Node {
        final Node child;
        final String qualifier;
        final Node args;

        VendorQualified(Node child, String qualifier, Node args) {
            this.child = child;
            this.qualifier = qualifier;
            this.args = args;
        }

        @Override
        void printLeft(Out o) {
            child.print(o);
            o.append(" ").append(qualifier);
            if (args != null) {
                args.print(o);
            }
        }
    }

    /** The right half of a function (type or encoding): {@code (int, char) const &&}, after the return type's right half. */
    static void printParameters(Out o, List<Node> params, Node ret, int cv, String ref) {
        o.append("(");
        ItaniumNodes.printWithComma(o, params);
        o.append(")");
        if (ret != null) {
            ret.printRight(o);
        }
        Qualified.printQuals(o, cv);
        if (ref != null) {
            o.append(ref);
        }
    }

    /** The left half of a pointer or reference to {@code pointee}: {@code int (*} for arrays and functions. */
    static void openDeclarator(Out o, Node pointee) {
        pointee.printLeft(o);
        if (pointee.isArray(o)) {
            o.append(" ");
        }
        if (pointee.isArray(o) || pointee.isFunction(o)) {
            o.append("(");
        }
    }

    /** The right half: {@code )[3]}, {@code )(int)}. */
    static void closeDeclarator(Out o, Node pointee) {
        if (pointee.isArray(o) || pointee.isFunction(o)) {
            o.append(")");
        }
        pointee.printRight(o);
    }

    static final class Pointer extends Node {
        final Node pointee;

        Pointer(Node pointee) {
            this.pointee = pointee;
        }

        @Override
        boolean hasRightPart(Out o) {
            return pointee.hasRightPart(o);
        }

        @Override
        void printLeft(Out o) {
            openDeclarator(o, pointee);
            o.append("*");
        }

        @Override
        void printRight(Out o) {
            closeDeclarator(o, pointee);
        }
    }

    static final class Reference extends Node {
        final Node pointee;
        final boolean rvalue;

        Reference(Node pointee, boolean rvalue) {
            this.pointee = pointee;
            this.rvalue = rvalue;
        }

        /** Reference collapsing: T& & is T&, T&& & is T&, T&& && is T&&. */
        private Node[] collapse() {
            Node p = pointee;
            boolean rv = rvalue;
            for (int guard = 0; guard < 64 && p instanceof Reference r; guard++) {
                rv &= r.rvalue;
                p = r.pointee;
            }
            return new Node[] {p, rv ? p : null};
        }

        @Override
        boolean hasRightPart(Out o) {
            return collapse()[0].hasRightPart(o);
        }

        @Override
        void printLeft(Out o) {
            Node[] c = collapse();
            openDeclarator(o, c[0]);
            o.append(c[1] != null ? "&&" : "&");
        }

        @Override
        void printRight(Out o) {
            closeDeclarator(o, collapse()[0]);
        }
    }

    static final class PointerToMember extends Node {
        final Node classType;
        final Node member;

        PointerToMember(Node classType, Node member) {
            this.classType = classType;
            this.member = member;
        }

        @Override
        boolean hasRightPart(Out o) {
            return member.hasRightPart(o);
        }

        @Override
        void printLeft(Out o) {
            member.printLeft(o);
            if (member.isArray(o) || member.isFunction(o)) {
                o.append("(");
            } else {
                o.append(" ");
            }
            classType.print(o);
            o.append("::*");
        }

        @Override
        void printRight(Out o) {
            closeDeclarator(o, member);
        }
    }

    static final class Array extends Node {
        final Node base;
        final Node dimension;

        Array(Node base, Node dimension) {
            this.base = base;
            this.dimension = dimension;
        }

        @Override
        boolean hasRightPart(Out o) {
            return true;
        }

        @Override
        boolean isArray(Out o) {
            return true;
        }

        @Override
        void printLeft(Out o) {
            base.printLeft(o);
        }

        @Override
        void printRight(Out o) {
            if (o.last() != ']') {
                o.append(" ");
            }
            o.append("[");
            if (dimension != null) {
                dimension.print(o);
            }
            o.append("]");
            base.printRight(o);
        }
    }

    static final class Function extends Node {
        final Node ret;
        final List<Node> params;
        final int cv;
        final String ref;

        Function(Node ret, List<Node> params, int cv, String ref) {
            this.ret = ret;
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
            ret.printLeft(o);
            o.append(" ");
        }

        @Override
        void printRight(Out o) {
            printParameters(o, params, ret, cv, ref);
        }
    }
}
