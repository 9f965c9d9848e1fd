package org.gpumem.ui.memory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.Location;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.addressing.PoolAddress;
import org.gpumem.ui.internal.Problems;

/**
 * For a selected byte range of one (context, space), every (space, context) that reaches the same
 * bytes and at which offsets, byte by byte through the model's alias arithmetic: a lane's local
 * range is contiguous in the lane's view but strided in the warp's interleaved pool.
 */
public final class AliasFinder {

    /** The most bytes one selection may span; longer selections are cut here. */
    public static final int MAX_SELECTION = 256;
    /** The most bytes of one view shown around its selected offsets. */
    public static final int MAX_SPAN = 1024;

    /**
     * One view of the selected bytes.
     *
     * @param selected the offsets of this view that reach selected bytes
     * @param first    the first offset shown
     * @param bytes    the bytes from {@code first} on, or null when they cannot be read
     * @param error    why the bytes cannot be read, or null
     */
    public record View(AddressSpace space, Context context, SortedSet<Long> selected, long first, byte[] bytes,
            String error) {

        public String label() {
            return space.getName() + " @ " + Contexts.describe(context);
        }
    }

    private AliasFinder() {
    }

    /** The views of {@code length} bytes from {@code offset} of {@code space} seen from {@code context}. */
    public static List<View> find(Context context, AddressSpace space, long offset, int length) {
        int n = Math.min(length, MAX_SELECTION);
        Map<List<Object>, SortedSet<Long>> offsets = new LinkedHashMap<>();
        Map<List<Object>, Location> keys = new LinkedHashMap<>();
        offsets.put(List.of(space, context), new TreeSet<>());
        keys.put(List.of(space, context), null);
        for (int i = 0; i < n; i++) {
            long own = offset + i;
            offsets.get(List.of(space, context)).add(own);
            PoolAddress byteAddress = AddressResolver.resolve(context, space, own);
            for (Location alias : AddressResolver.aliases(byteAddress)) {
                if (alias.getSpace() == space && alias.getContext() == context) {
                    continue;
                }
                List<Object> key = List.of(alias.getSpace(), alias.getContext());
                offsets.computeIfAbsent(key, k -> new TreeSet<>()).add(alias.getOffset());
                keys.putIfAbsent(key, alias);
            }
        }
        List<View> views = new ArrayList<>();
        for (Map.Entry<List<Object>, SortedSet<Long>> e : offsets.entrySet()) {
            AddressSpace s = (AddressSpace) e.getKey().get(0);
            Context c = (Context) e.getKey().get(1);
            SortedSet<Long> selected = e.getValue();
            long first = selected.first();
            int span = (int) Math.min(MAX_SPAN, selected.last() - first + 1);
            byte[] bytes = new byte[span];
            String error = null;
            try {
                AddressResolver.read(c, s, first, bytes, 0, span);
            } catch (RuntimeException unreadable) {
                bytes = null;
                error = Problems.say("reading an alias in " + s.getName(), unreadable);
            }
            views.add(new View(s, c, selected, first, bytes, error));
        }
        return views;
    }
}
