package org.gpumem.model.snapshot;

import java.util.stream.Collectors;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClassifier;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EEnumLiteral;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.xmi.ClassNotFoundException;
import org.eclipse.emf.ecore.xmi.FeatureNotFoundException;
import org.eclipse.emf.ecore.xmi.IllegalValueException;
import org.eclipse.emf.ecore.xmi.PackageNotFoundException;
import org.eclipse.emf.ecore.xmi.UnresolvedReferenceException;
import org.gpumem.dwarf.io.InputFormatException;
import org.xml.sax.SAXParseException;

/**
 * What is wrong with a snapshot model that EMF could not load, said in the model's terms at
 * the XMI line and column: the diagnostics EMF records carry the text of whatever exception a
 * value's conversion threw (a number format, a cast, an enumerator lookup), which is not for
 * the user; their kind, feature and value are. XML that is not well-formed keeps the parser's
 * own description, which is about the XML text.
 */
final class XmiProblems {
    private static final int MAX_VALUE_SHOWN = 80;
    private static final int MAX_XML_MESSAGE = 300;

    private XmiProblems() {
    }

    /** The problem of {@code d} (an EMF load diagnostic or the exception a load threw) as one line, without the file. */
    static String describe(Object d) {
        Throwable t = d instanceof Throwable x ? x : null;
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof SAXParseException p) {
                return at(p.getLineNumber(), p.getColumnNumber()) + shorten(p.getMessage() != null ? p.getMessage() : "not XML", MAX_XML_MESSAGE);
            }
            if (c instanceof Resource.Diagnostic diagnostic) {
                return at(diagnostic.getLine(), diagnostic.getColumn()) + problem(diagnostic);
            }
        }
        if (d instanceof Resource.Diagnostic diagnostic) {
            return at(diagnostic.getLine(), diagnostic.getColumn()) + problem(diagnostic);
        }
        return "the XMI does not describe a gpumem memory state";
    }

    private static String at(int line, int column) {
        return line > 0 ? "XMI line " + line + ", column " + column + ": " : "";
    }

    private static String problem(Resource.Diagnostic d) {
        if (d instanceof UnresolvedReferenceException u) {
            return "reference '" + shorten(u.getReference()) + "'" + of(u.getFeature(), u.getObject())
                    + " names no element of the snapshot";
        }
        if (d instanceof FeatureNotFoundException f) {
            return "'" + shorten(f.getName()) + "' is no attribute or element of " + typeOf(f.getObject());
        }
        if (d instanceof ClassNotFoundException c) {
            return "'" + shorten(c.getName()) + "' is no type of the gpumem model that can be created";
        }
        if (d instanceof PackageNotFoundException p) {
            return "the namespace '" + shorten(p.uri()) + "' is not the gpumem model's (" + org.gpumem.model.GpumemPackage.eNS_URI + ")";
        }
        if (d instanceof IllegalValueException v) {
            return illegalValue(v);
        }
        return "this element does not fit a gpumem memory state";
    }

    private static String illegalValue(IllegalValueException v) {
        EStructuralFeature f = v.getFeature();
        String where = of(f, v.getObject());
        Object value = v.getValue();
        if (value instanceof EObject o) {
            return (f != null ? "'" + f.getName() + "' in " + typeOf(v.getObject()) : "a reference") + " refers to " + typeOf(o)
                    + ", not to " + (f != null ? article(f.getEType().getName()) : "an element of this kind");
        }
        String shown = "'" + shorten(String.valueOf(value)) + "'";
        if (!(f instanceof EAttribute a)) {
            return "value " + shown + where + " is not valid";
        }
        EClassifier type = a.getEType();
        if (type instanceof EEnum e) {
            return "value " + shown + where + " is none of " + e.getELiterals().stream().map(EEnumLiteral::getLiteral)
                    .collect(Collectors.joining(", "));
        }
        Class<?> c = type.getInstanceClass();
        if (c == int.class || c == Integer.class) {
            return "value " + shown + where + " is not a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE;
        }
        if (c == long.class || c == Long.class) {
            return "value " + shown + where + " is not a whole number from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE;
        }
        if (c == boolean.class || c == Boolean.class) {
            return "value " + shown + where + " is neither true nor false";
        }
        return "value " + shown + where + " is not valid";
    }

    /** " of 'feature' in a Type", or "" when EMF did not say. */
    private static String of(EStructuralFeature f, EObject owner) {
        if (f == null) {
            return "";
        }
        return " of '" + f.getName() + "'" + (owner != null ? " in " + typeOf(owner) : "");
    }

    private static String typeOf(EObject o) {
        return o == null ? "this element" : article(o.eClass().getName());
    }

    private static String article(String name) {
        return ("AEIOU".indexOf(name.isEmpty() ? 'x' : name.charAt(0)) >= 0 ? "an " : "a ") + name;
    }

    private static String shorten(String s) {
        return shorten(s, MAX_VALUE_SHOWN);
    }

    /** {@code s} on one line, cut after {@code max} characters. */
    private static String shorten(String s, int max) {
        return s == null ? "" : InputFormatException.quote(s, max);
    }
}
