package org.gpumem.model.addressing;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Storage;
import org.gpumem.model.Target;

/** Navigation in the context tree (device, grid, work-group, subgroup, lane). */
public final class Contexts {

    private Contexts() {
    }

    /** The context's own pool of {@code storage}, or null. */
    public static Pool pool(Context context, Storage storage) {
        for (Pool pool : context.getPools()) {
            if (pool.getStorage() == storage) {
                return pool;
            }
        }
        return null;
    }

    /** {@code context} or its nearest enclosing context of {@code scope}, or null. */
    public static Context ancestor(Context context, Scope scope) {
        for (Context c = context; c != null; c = c.getParent()) {
            if (c.getScope() == scope) {
                return c;
            }
        }
        return null;
    }

    /** The contexts of {@code scope} at or below {@code context}, in tree order. */
    public static List<Context> descendants(Context context, Scope scope) {
        List<Context> found = new ArrayList<>();
        collect(context, scope, found);
        return found;
    }

    private static void collect(Context context, Scope scope, List<Context> found) {
        if (context.getScope() == scope) {
            found.add(context);
            return;
        }
        if (context.getScope().getValue() > scope.getValue()) {
            return;
        }
        for (Context child : context.getChildren()) {
            collect(child, scope, found);
        }
    }

    /** The child of {@code context} at position {@code index}, or null. */
    public static Context child(Context context, int index) {
        for (Context child : context.getChildren()) {
            if (child.getIndex() == index) {
                return child;
            }
        }
        return null;
    }

    /**
     * A short human-readable path in the target vendor's words ({@link #term}), such as
     * {@code CTA (1,0,0) / warp 2 / lane 5} or {@code work-group (1,0,0) / wavefront 2 / lane 5}.
     */
    public static String describe(Context context) {
        if (context == null) {
            return "no context";
        }
        StringBuilder path = new StringBuilder();
        for (Context c = context; c != null; c = c.getParent()) {
            if ((c.getScope() == Scope.DEVICE || c.getScope() == Scope.GRID) && c != context) {
                continue;
            }
            String part = describeOne(c);
            path.insert(0, path.length() == 0 ? part : part + " / ");
        }
        return path.toString();
    }

    /** The label of one context without its parents, e.g. {@code lane 5}. */
    public static String describeOne(Context c) {
        if (c.getName() != null && !c.getName().isEmpty()) {
            return c.getName();
        }
        String scope = term(target(c), c.getScope());
        return switch (c.getScope()) {
            case WORK_GROUP -> scope + " (" + c.getX() + "," + c.getY() + "," + c.getZ() + ")";
            case SUBGROUP, LANE -> scope + " " + c.getIndex();
            default -> scope;
        };
    }

    /**
     * What the vendor of {@code target} calls contexts of {@code scope}: CTA, warp and lane on
     * NVIDIA PTX targets (architecture {@code nvptx ...}), work-group, wavefront and lane on
     * AMDGPU ({@code amdgcn ...}), the scope's own name elsewhere or when {@code target} is null.
     * The one table of these words: every view and the CLI label contexts through it.
     */
    public static String term(Target target, Scope scope) {
        String architecture = target == null || target.getArchitecture() == null ? "" : target.getArchitecture();
        if (architecture.startsWith("nvptx")) {
            return switch (scope) {
                case WORK_GROUP -> "CTA";
                case SUBGROUP -> "warp";
                default -> scope.getLiteral();
            };
        }
        if (architecture.startsWith("amdgcn") && scope == Scope.SUBGROUP) {
            return "wavefront";
        }
        return scope.getLiteral();
    }

    /** The target of the state {@code context} belongs to, or null. */
    public static Target target(Context context) {
        EObject root = EcoreUtil.getRootContainer(context);
        return root instanceof MemoryState state ? state.getTarget() : null;
    }

    /** {@code storage-name of context}, e.g. {@code lds of work-group (0,0,0)}. */
    public static String describe(Pool pool) {
        return pool.getStorage().getName() + " of " + describe(pool.getOwner());
    }
}
