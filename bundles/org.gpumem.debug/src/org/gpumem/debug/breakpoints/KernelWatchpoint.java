package org.gpumem.debug.breakpoints;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.model.Breakpoint;
import org.eclipse.debug.core.model.IWatchpoint;
import org.gpumem.debug.KernelDebugIds;
import org.gpumem.debug.core.LaneId;
import org.gpumem.debug.core.WarpId;
import org.gpumem.debug.core.WatchpointSpec;
import org.gpumem.dwarf.types.DwarfType;
import org.gpumem.model.Scope;
import org.gpumem.sim.Dim3;

/**
 * A watchpoint (data breakpoint) on bytes of one address space, in a context: what an expression
 * designates ({@code stage[5]}, {@code window}) or a plain range, in the shared memory of one CTA
 * or of every CTA, the local memory of one lane or of every lane, or in global or const memory.
 * Write ({@link #isModification()}), read ({@link #isAccess()}) or both: the debug core's
 * {@link WatchpointSpec.Kind}s.
 *
 * <p>Persisted as a marker of type {@link KernelDebugIds#WATCHPOINT_MARKER} (on the workspace
 * root: the bytes belong to a launch, not to a file) holding the expression, the range once it is
 * known ({@link #SPACE}, {@link #OFFSET}, {@link #LENGTH}), the context lane ({@link #CTA},
 * {@link #WARP}, {@link #LANE}, {@link #EVERY_CONTEXT}) and the description the Breakpoints view
 * shows ({@link IMarker#MESSAGE}, the core's {@link WatchpointSpec#describe}). A watchpoint made
 * from an expression alone has no range until a debug target evaluates it ({@link #setResolved}).
 */
public final class KernelWatchpoint extends Breakpoint implements IWatchpoint {
    /** Marker attribute: the watched expression (absent for a plain address range). */
    public static final String EXPRESSION = "org.gpumem.debug.watchExpression";
    /** Marker attribute: the frame level the expression is evaluated in (0, the kernel, when absent). */
    public static final String LEVEL = "org.gpumem.debug.watchLevel";
    /** Marker attribute: the space that stores the bytes (absent until the range is known). */
    public static final String SPACE = "org.gpumem.debug.watchSpace";
    /** Marker attribute: the first byte's offset in {@link #SPACE}, in decimal (offsets may not fit an int). */
    public static final String OFFSET = "org.gpumem.debug.watchOffset";
    /** Marker attribute: how many bytes are watched. */
    public static final String LENGTH = "org.gpumem.debug.watchLength";
    /** Marker attribute: stop on reads. */
    public static final String READS = "org.gpumem.debug.watchReads";
    /** Marker attribute: stop on writes. */
    public static final String WRITES = "org.gpumem.debug.watchWrites";
    /** Marker attribute: the context lane's CTA, {@code x,y,z}. */
    public static final String CTA = "org.gpumem.debug.watchCta";
    /** Marker attribute: the context lane's warp index in its CTA. */
    public static final String WARP = "org.gpumem.debug.watchWarp";
    /** Marker attribute: the context lane's index in its warp. */
    public static final String LANE = "org.gpumem.debug.watchLane";
    /** Marker attribute: the same bytes of every CTA (shared) or every lane (local). */
    public static final String EVERY_CONTEXT = "org.gpumem.debug.watchEveryContext";

    /** Used by the breakpoint manager to restore persisted watchpoints. */
    public KernelWatchpoint() {
    }

    /**
     * Creates and registers a watchpoint on the bytes of {@code spec}, whose {@link
     * WatchpointSpec#describe} is {@code description}.
     *
     * @param expression the expression that designated the bytes (evaluated again by each launch,
     *                   which then also knows their type), or null for a plain address range
     * @param level      the frame level {@code expression} was evaluated in (0: the kernel)
     * @throws CoreException if the marker cannot be created
     */
    public KernelWatchpoint(WatchpointSpec spec, String description, String expression, int level) throws CoreException {
        create(Map.of(IMarker.MESSAGE, description, SPACE, spec.space(), OFFSET, Long.toString(spec.offset()), LENGTH,
                (int) Math.min(Integer.MAX_VALUE, spec.length())), expression, level, spec.kind(), spec.context(),
                spec.everyContext());
    }

    /**
     * Creates and registers a watchpoint on what {@code expression} designates in frame
     * {@code level} of {@code context}; each launch evaluates it before the kernel starts.
     *
     * @throws CoreException if the marker cannot be created
     */
    public KernelWatchpoint(String expression, int level, WatchpointSpec.Kind kind, LaneId context, boolean everyContext)
            throws CoreException {
        create(Map.of(IMarker.MESSAGE, expression.strip() + " [" + (everyContext ? "every context" : context.describe(Scope.LANE)) + "]"), expression, level, kind, context, everyContext);
    }

    private void create(Map<String, Object> range, String expression, int level, WatchpointSpec.Kind kind, LaneId context,
            boolean everyContext) throws CoreException {
        Map<String, Object> attributes = new LinkedHashMap<>(range);
        if (expression != null) {
            attributes.put(EXPRESSION, expression.strip());
        }
        attributes.put(LEVEL, level);
        attributes.put(READS, kind != WatchpointSpec.Kind.WRITE);
        attributes.put(WRITES, kind != WatchpointSpec.Kind.READ);
        Dim3 cta = context.cta();
        attributes.put(CTA, cta.x() + "," + cta.y() + "," + cta.z());
        attributes.put(WARP, context.warp().warp());
        attributes.put(LANE, context.lane());
        attributes.put(EVERY_CONTEXT, everyContext);
        BreakpointMarkers.create(this, ResourcesPlugin.getWorkspace().getRoot(), KernelDebugIds.WATCHPOINT_MARKER, attributes);
    }

    @Override
    public String getModelIdentifier() {
        return KernelDebugIds.MODEL_ID;
    }

    /** The watched expression, or null for a plain address range. */
    public String expression() {
        return getMarker().getAttribute(EXPRESSION, null);
    }

    /** The frame level the expression is evaluated in (0: the kernel). */
    public int level() {
        return getMarker().getAttribute(LEVEL, 0);
    }

    /** Whether the bytes' range is known (else the expression is evaluated first). */
    public boolean isResolved() {
        return getMarker().getAttribute(SPACE, null) != null;
    }

    /** The lane whose view of the space is meant. */
    public LaneId context() {
        String[] xyz = getMarker().getAttribute(CTA, "0,0,0").split(",");
        Dim3 cta = new Dim3(Integer.parseInt(xyz[0]), Integer.parseInt(xyz[1]), Integer.parseInt(xyz[2]));
        return new LaneId(new WarpId(cta, getMarker().getAttribute(WARP, 0)), getMarker().getAttribute(LANE, 0));
    }

    /** True for the same bytes of every CTA (shared) or every lane (local). */
    public boolean isEveryContext() {
        return getMarker().getAttribute(EVERY_CONTEXT, false);
    }

    /** The accesses that stop the kernel, or null when the watchpoint stops on neither reads nor writes. */
    public WatchpointSpec.Kind kind() {
        boolean reads = getMarker().getAttribute(READS, false);
        boolean writes = getMarker().getAttribute(WRITES, true);
        return reads && writes ? WatchpointSpec.Kind.ACCESS
                : reads ? WatchpointSpec.Kind.READ : writes ? WatchpointSpec.Kind.WRITE : null;
    }

    /** What the Breakpoints view shows: {@code write watchpoint stage[5] (shared [CTA (1,0,0)] +0x14, 4 bytes)}. */
    public String describe() {
        WatchpointSpec.Kind kind = kind();
        String what = kind == null ? "inactive" : kind == WatchpointSpec.Kind.ACCESS ? "access" : kind.name().toLowerCase(Locale.ROOT);
        return what + " watchpoint " + getMarker().getAttribute(IMarker.MESSAGE, "");
    }

    /**
     * The core's watchpoint for these bytes with {@code type} (null: they print as bytes), or
     * null while the range is not known or nothing is to be caught.
     */
    public WatchpointSpec spec(DwarfType type) {
        IMarker m = getMarker();
        String space = m.getAttribute(SPACE, null);
        WatchpointSpec.Kind kind = kind();
        if (space == null || kind == null) {
            return null;
        }
        String expression = expression();
        String label = expression != null ? expression : m.getAttribute(IMarker.MESSAGE, space);
        return new WatchpointSpec(label, space, context(), isEveryContext(), Long.parseLong(m.getAttribute(OFFSET, "0")),
                m.getAttribute(LENGTH, 1), kind, type);
    }

    /**
     * Records the range an evaluation of the expression found, described by {@code description}.
     *
     * @throws CoreException if the marker cannot be changed
     */
    public void setResolved(WatchpointSpec spec, String description) throws CoreException {
        // these attributes only (a map would replace all of the marker's)
        setAttributes(new String[] {SPACE, OFFSET, LENGTH, IMarker.MESSAGE}, new Object[] {spec.space(),
                Long.toString(spec.offset()), (int) Math.min(Integer.MAX_VALUE, spec.length()), description});
    }

    @Override
    public boolean isAccess() {
        return getMarker().getAttribute(READS, false);
    }

    @Override
    public void setAccess(boolean access) throws CoreException {
        setAttribute(READS, access);
    }

    @Override
    public boolean isModification() {
        return getMarker().getAttribute(WRITES, true);
    }

    @Override
    public void setModification(boolean modification) throws CoreException {
        setAttribute(WRITES, modification);
    }

    @Override
    public boolean supportsAccess() {
        return true;
    }

    @Override
    public boolean supportsModification() {
        return true;
    }
}
