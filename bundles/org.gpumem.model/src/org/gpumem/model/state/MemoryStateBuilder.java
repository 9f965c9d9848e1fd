package org.gpumem.model.state;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;

import org.gpumem.model.Context;
import org.gpumem.model.GpumemFactory;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.Scope;
import org.gpumem.model.Storage;
import org.gpumem.model.Target;
import org.gpumem.model.memory.ByteSource;
import org.gpumem.model.memory.PagedByteSource;

/**
 * Builds a {@link MemoryState} for one launch: device, grid, work-groups, subgroups and lanes,
 * each with a pool of every storage of its scope. Pools get lazily allocated
 * {@link PagedByteSource}s unless a source factory is given (the simulator passes its own
 * storage).
 */
public final class MemoryStateBuilder {

    /** Upper bound on contexts one state may hold, so that an absurd launch fails clearly. */
    public static final long MAX_CONTEXTS = 4_000_000;

    private static final GpumemFactory F = GpumemFactory.eINSTANCE;

    private final Target target;
    private final Map<String, Long> sizes = new HashMap<>();
    private int[] grid = {1, 1, 1};
    private int[] block = {1, 1, 1};
    private String name = "";
    private String program = "";
    private BiFunction<Pool, Context, ByteSource> sources = (pool, owner) -> new PagedByteSource(pool.getSize());

    public MemoryStateBuilder(Target target) {
        this.target = target;
    }

    public MemoryStateBuilder name(String name, String program) {
        this.name = name;
        this.program = program;
        return this;
    }

    /** Grid of work-groups and work-group size in lanes (CUDA gridDim and blockDim). */
    public MemoryStateBuilder launch(int gx, int gy, int gz, int bx, int by, int bz) {
        for (int d : new int[] {gx, gy, gz, bx, by, bz}) {
            if (d <= 0) {
                throw new IllegalArgumentException("launch dimensions must be positive: grid (" + gx + "," + gy + "," + gz
                        + ") block (" + bx + "," + by + "," + bz + ")");
            }
        }
        long groups = (long) gx * gy * gz;
        long lanes = (long) bx * by * bz;
        if (groups * (lanes + 2) > MAX_CONTEXTS) {
            throw new IllegalArgumentException("launch of " + groups + " work-groups x " + lanes + " lanes is more than "
                    + MAX_CONTEXTS + " contexts");
        }
        grid = new int[] {gx, gy, gz};
        block = new int[] {bx, by, bz};
        return this;
    }

    /** Size of every pool of the storage (default: the storage's default size). */
    public MemoryStateBuilder poolSize(String storage, long size) {
        if (size < 0) {
            throw new IllegalArgumentException("negative size for " + storage);
        }
        sizes.put(storage, size);
        return this;
    }

    /** Where each pool's bytes come from. */
    public MemoryStateBuilder sources(BiFunction<Pool, Context, ByteSource> sources) {
        this.sources = sources;
        return this;
    }

    public MemoryState build() {
        MemoryState state = F.createMemoryState();
        state.setName(name);
        state.setProgram(program);
        state.setTarget(target);
        Context device = context(Scope.DEVICE, 0, 0, 0, 0);
        state.setDevice(device);
        addPools(device, Scope.SYSTEM);
        addPools(device, Scope.DEVICE);
        Context launch = context(Scope.GRID, 0, grid[0], grid[1], grid[2]);
        device.getChildren().add(launch);
        addPools(launch, Scope.GRID);
        int subgroupSize = Math.max(1, target.getSubgroupSize());
        int lanesPerGroup = block[0] * block[1] * block[2];
        int index = 0;
        for (int z = 0; z < grid[2]; z++) {
            for (int y = 0; y < grid[1]; y++) {
                for (int x = 0; x < grid[0]; x++) {
                    Context group = context(Scope.WORK_GROUP, index++, x, y, z);
                    launch.getChildren().add(group);
                    addPools(group, Scope.WORK_GROUP);
                    Context subgroup = null;
                    for (int t = 0; t < lanesPerGroup; t++) {
                        if (t % subgroupSize == 0) {
                            subgroup = context(Scope.SUBGROUP, t / subgroupSize, 0, 0, 0);
                            group.getChildren().add(subgroup);
                            addPools(subgroup, Scope.SUBGROUP);
                        }
                        int tx = t % block[0];
                        int ty = (t / block[0]) % block[1];
                        int tz = t / (block[0] * block[1]);
                        Context lane = context(Scope.LANE, t % subgroupSize, tx, ty, tz);
                        subgroup.getChildren().add(lane);
                        addPools(lane, Scope.LANE);
                    }
                }
            }
        }
        return state;
    }

    private static Context context(Scope scope, int index, int x, int y, int z) {
        Context c = F.createContext();
        c.setScope(scope);
        c.setIndex(index);
        c.setX(x);
        c.setY(y);
        c.setZ(z);
        return c;
    }

    private void addPools(Context owner, Scope scope) {
        for (Storage storage : target.getStorages()) {
            if (storage.getScope() == scope) {
                Pool pool = F.createPool();
                pool.setStorage(storage);
                pool.setSize(sizes.getOrDefault(storage.getName(), storage.getDefaultSize()));
                owner.getPools().add(pool);
                pool.setSource(sources.apply(pool, owner));
            }
        }
    }
}
