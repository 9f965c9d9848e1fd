package org.gpumem.model.snapshot;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.gpumem.dwarf.io.InputFormatException;
import org.gpumem.model.AccessPattern;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.InterleavedAccess;
import org.gpumem.model.LinearAccess;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Storage;
import org.gpumem.model.StridedAccess;
import org.gpumem.model.Target;
import org.gpumem.model.Variable;
import org.gpumem.model.Window;
import org.gpumem.model.WindowAccess;

/**
 * Checks a loaded snapshot model against the invariants the addressing code relies on, so that an
 * edited or hostile XMI file fails when it is opened, with one {@link InvalidSnapshotException.Violation}
 * per broken invariant, instead of later with a NullPointerException or an arithmetic error:
 * every required reference set and resolved, references to spaces and storages pointing into the
 * snapshot's own target, names of spaces and storages set and unique, address widths in 1..64,
 * positive element sizes, lane counts, strides and window lengths, non-negative bases, contexts
 * nested with narrowing scopes, each pool of a storage of its context's scope and keyed once.
 * Pages outside their pools are checked when the page index is read ({@link Snapshot}).
 */
final class SnapshotValidator {
    /** Reporting stops here: one edit can break thousands of pools alike. */
    private static final int MAX_REPORTED = 20;
    /** Largest element or row sizes that keep the interleave arithmetic far from overflow. */
    private static final long MAX_ELEMENT = 1L << 20;
    private static final long MAX_LANES = 1L << 16;
    /** Names in messages are cut here: an edited file may hold any text. */
    private static final int MAX_NAME_SHOWN = 80;

    private final Resource resource;
    private final MemoryState state;
    private final Target target;
    private final List<InvalidSnapshotException.Violation> violations = new ArrayList<>();

    private SnapshotValidator(Resource resource, MemoryState state) {
        this.resource = resource;
        this.state = state;
        this.target = state.getTarget();
    }

    /** Throws an {@link InvalidSnapshotException} listing every violation of {@code state}. */
    static void validate(String file, Resource resource, MemoryState state) {
        SnapshotValidator v = new SnapshotValidator(resource, state);
        v.run();
        if (!v.violations.isEmpty()) {
            throw new InvalidSnapshotException(file, v.violations);
        }
    }

    private void run() {
        if (target == null) {
            add(state, "the snapshot has no target (the <target> element is missing)");
        }
        if (state.getDevice() == null) {
            add(state, "the snapshot has no device context (the <device> element is missing)");
        }
        required(state);
        Set<String> spaceNames = new HashSet<>();
        Set<String> storageNames = new HashSet<>();
        Set<String> poolKeys = new HashSet<>();
        for (Iterator<EObject> it = state.eAllContents(); it.hasNext() && violations.size() < MAX_REPORTED;) {
            EObject o = it.next();
            required(o);
            if (o instanceof AddressSpace s) {
                space(s, spaceNames);
            } else if (o instanceof Storage s) {
                named(s, s.getName(), storageNames, "storage");
            } else if (o instanceof LinearAccess a) {
                nonNegative(a, a.getBase(), "base");
            } else if (o instanceof InterleavedAccess a) {
                between(a, a.getElementSize(), 1, MAX_ELEMENT, "elementSize");
                between(a, a.getLaneCount(), 1, MAX_LANES, "laneCount");
            } else if (o instanceof StridedAccess a) {
                between(a, a.getElementSize(), 1, MAX_ELEMENT, "elementSize");
                if (a.getStride() < a.getElementSize()) {
                    add(a, "stride " + a.getStride() + " is smaller than the element size " + a.getElementSize());
                }
                nonNegative(a, a.getBase(), "base");
                nonNegative(a, a.getLaneStride(), "laneStride");
            } else if (o instanceof Window w) {
                if (w.getLength() <= 0) {
                    add(w, "window length " + w.getLength() + " is not positive");
                }
            } else if (o instanceof Context c) {
                context(c);
            } else if (o instanceof Pool p) {
                pool(p, poolKeys);
            } else if (o instanceof Variable v && v.getByteSize() < 0) {
                add(v, "byteSize " + v.getByteSize() + " is negative");
            }
        }
    }

    /** Every feature with a lower bound is set; every reference resolves and stays inside the snapshot. */
    private void required(EObject o) {
        for (EStructuralFeature f : o.eClass().getEAllStructuralFeatures()) {
            if (f.isTransient() || f.isDerived()) {
                continue;
            }
            if (f.getLowerBound() > 0 && !o.eIsSet(f)) {
                add(o, "the required " + (f instanceof EReference ? "reference" : "attribute") + " '" + f.getName()
                        + "' is not set");
                continue;
            }
            if (f instanceof EReference r && !r.isContainment() && !r.isMany() && o.eIsSet(r)) {
                EObject to = (EObject) o.eGet(r, false);
                if (to.eIsProxy()) {
                    add(o, "reference '" + r.getName() + "' points at " + ((org.eclipse.emf.ecore.InternalEObject) to).eProxyURI()
                            + ", which is not an element of this snapshot");
                } else if ((to instanceof AddressSpace || to instanceof Storage) && (target == null || to.eContainer() != target)) {
                    add(o, "reference '" + r.getName() + "' points at an element outside the snapshot's target");
                }
            }
        }
    }

    private void space(AddressSpace s, Set<String> names) {
        named(s, s.getName(), names, "address space");
        if (s.getAddressBits() < 1 || s.getAddressBits() > 64) {
            add(s, "address width " + s.getAddressBits() + " bits is outside 1..64");
        }
        for (String alias : s.getAliases()) {
            if (alias == null || alias.isEmpty()) {
                add(s, "an alias is empty");
            }
        }
        AccessPattern a = s.getAccess();
        if (a instanceof WindowAccess w && w.getFallback() == s) {
            add(w, "the fallback of " + labelled("address space", s.getName()) + " is the space itself");
        }
    }

    private void named(EObject o, String name, Set<String> seen, String what) {
        if (name == null || name.isEmpty()) {
            add(o, "the " + what + " has no name");
        } else if (!seen.add(name)) {
            add(o, "a second " + what + " named '" + InputFormatException.quote(name, MAX_NAME_SHOWN) + "'");
        }
    }

    private void context(Context c) {
        Context parent = c.getParent();
        if (parent != null && parent.getScope().getValue() >= c.getScope().getValue()) {
            add(c, "a " + c.getScope().getLiteral() + " context inside a " + parent.getScope().getLiteral() + " context");
        }
        if (c.getIndex() < 0) {
            add(c, "index " + c.getIndex() + " is negative");
        }
    }

    private void pool(Pool p, Set<String> keys) {
        if (p.getKey() == null || p.getKey().isEmpty()) {
            add(p, "the pool has no key (the name of its bytes in the page file)");
        } else if (!keys.add(p.getKey())) {
            add(p, "a second pool with key '" + InputFormatException.quote(p.getKey(), MAX_NAME_SHOWN) + "'");
        }
        nonNegative(p, p.getSize(), "size");
        Storage storage = p.getStorage();
        if (storage != null && storage.eContainer() == target && p.getOwner() != null
                && p.getOwner().getScope() != storage.getScope()) {
            add(p, "a pool of " + (storage.getName() == null ? "a storage without a name"
                    : InputFormatException.quote(storage.getName(), MAX_NAME_SHOWN)) + " (one per " + storage.getScope().getLiteral() + ") held by a "
                    + p.getOwner().getScope().getLiteral() + " context");
        }
    }

    private void nonNegative(EObject o, long value, String attribute) {
        if (value < 0) {
            add(o, attribute + " " + value + " is negative");
        }
    }

    private void between(EObject o, long value, long min, long max, String attribute) {
        if (value < min || value > max) {
            add(o, attribute + " " + value + " is outside " + min + ".." + max);
        }
    }

    private void add(EObject o, String problem) {
        if (violations.size() < MAX_REPORTED) {
            violations.add(new InvalidSnapshotException.Violation(fragment(o), what(o), problem));
        }
    }

    private String fragment(EObject o) {
        return o == state ? "/" : resource.getURIFragment(o);
    }

    /** The element as a person reads it: its class, and its name or the space it belongs to. */
    private static String what(EObject o) {
        String kind = o.eClass().getName();
        if (o instanceof AddressSpace s) {
            return labelled(kind, s.getName());
        }
        if (o instanceof Storage s) {
            return labelled(kind, s.getName());
        }
        if (o instanceof Variable v) {
            return labelled(kind, v.getName());
        }
        if (o instanceof Pool p) {
            return p.getKey() == null ? kind + " without a key" : labelled(kind, p.getKey());
        }
        if (o instanceof Context c) {
            return c.getScope().getLiteral() + " context " + c.getIndex();
        }
        for (EObject up = o.eContainer(); up != null; up = up.eContainer()) {
            if (up instanceof AddressSpace s) {
                return kind + " of " + labelled("address space", s.getName());
            }
        }
        return kind;
    }

    /** {@code kind 'name'}, the name as the file has it on one line, or {@code kind without a name}. */
    private static String labelled(String kind, String name) {
        return name == null ? kind + " without a name" : kind + " '" + InputFormatException.quote(name, MAX_NAME_SHOWN) + "'";
    }
}
