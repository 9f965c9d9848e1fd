package org.gpumem.model.snapshot;

import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceImpl;

/**
 * The XMI resource a snapshot model is loaded into. A reference inside the model is a path of
 * containment features from the root ({@code //@target/@addressSpaces.2}), as SnapshotWriter
 * writes it; EMF's own resolution of such a path trusts it (a negative index, a feature that is
 * not a list or a segment without {@code @} end in an index, cast or format exception). Here a
 * path that names no element resolves to nothing, which EMF then reports as an unresolved
 * reference at its line and column.
 */
final class SnapshotResource extends XMIResourceImpl {
    /** More digits than this cannot be an index of a list in memory. */
    private static final int MAX_INDEX_DIGITS = 9;

    SnapshotResource(URI uri) {
        super(uri);
    }

    @Override
    public EObject getEObject(String uriFragment) {
        if (uriFragment == null || !uriFragment.startsWith("/")) {
            // An ID (SnapshotWriter writes none): EMF's lookup by ID finds it or nothing.
            return super.getEObject(uriFragment);
        }
        String[] segments = uriFragment.substring(1).split("/", -1);
        int root = segments[0].isEmpty() ? 0 : index(segments[0]);
        if (root < 0 || root >= getContents().size()) {
            return null;
        }
        EObject o = getContents().get(root);
        for (int i = 1; i < segments.length && o != null; i++) {
            o = child(o, segments[i]);
        }
        return o;
    }

    /** The element {@code @feature} or {@code @feature.index} of {@code parent} names, or null. */
    private static EObject child(EObject parent, String segment) {
        if (!segment.startsWith("@")) {
            return null;
        }
        int dot = segment.lastIndexOf('.');
        String name = segment.substring(1, dot < 0 ? segment.length() : dot);
        EStructuralFeature f = parent.eClass().getEStructuralFeature(name);
        if (!(f instanceof EReference r) || !r.isContainment()) {
            return null;
        }
        Object value = parent.eGet(r, false);
        if (!r.isMany()) {
            return dot < 0 && value instanceof EObject e ? e : null;
        }
        int index = dot < 0 ? -1 : index(segment.substring(dot + 1));
        List<?> list = (List<?>) value;
        return index >= 0 && index < list.size() && list.get(index) instanceof EObject e ? e : null;
    }

    /** A list index written as decimal digits, or -1. */
    private static int index(String digits) {
        if (digits.isEmpty() || digits.length() > MAX_INDEX_DIGITS) {
            return -1;
        }
        for (int i = 0; i < digits.length(); i++) {
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
                return -1;
            }
        }
        return Integer.parseInt(digits);
    }
}
