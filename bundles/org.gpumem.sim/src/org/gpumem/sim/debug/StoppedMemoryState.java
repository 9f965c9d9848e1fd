package org.gpumem.sim.debug;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntToLongFunction;
import java.util.function.LongSupplier;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.gpumem.images.ItaniumDemangler;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Scope;
import org.gpumem.model.addressing.Contexts;
import org.gpumem.model.memory.ByteSource;
import org.gpumem.model.state.MemoryStateBuilder;
import org.gpumem.sim.Dim3;
import org.gpumem.sim.SimulatorTarget;
import org.gpumem.sim.TextureArray;
import org.gpumem.sim.TextureTable;
import org.gpumem.sim.exec.Cta;
import org.gpumem.sim.exec.Launch;
import org.gpumem.sim.memory.GlobalMemory;

/**
 * A stopped {@link ControlledLaunch} as a {@link MemoryState} of its device's address spaces
 * ({@link SimulatorTarget}, the description the interpreter derived its layout from): device,
 * grid, each resident CTA as a work-group (its real grid index and coordinates), its warps as
 * subgroups and their lanes,
 * each pool bound to the simulator's live storage through {@link SimByteSources} (nothing is
 * copied). The state describes one stop: when a CTA finishes and another becomes resident, or a warp's
 * local storage is replaced, the pools keep reading what they were bound to, so owners build a
 * new state per stop. Pool reads follow the session's thread rules (only while suspended).
 */
public final class StoppedMemoryState {
    private StoppedMemoryState() {
    }

    /**
     * The resident CTAs of {@code session}, each a work-group with its own shared pool and its
     * warps' local pools; its pools' {@code version()} being the session's stop count.
     */
    public static MemoryState of(ControlledLaunch session) {
        Launch launch = Launch.of(session.launch());
        List<CtaView> resident = session.residentCtas();
        LongSupplier version = session::stopCount;
        GlobalMemory memory = launch.module().device().global();
        ByteSource global = byAddress(memory, SimByteSources.global(memory, version));
        ByteSource textures = arrays(launch.module().device().textures(), global);
        ByteSource constBank = SimByteSources.constBank(launch, version);
        ByteSource params = SimByteSources.kernelParams(launch, version);
        Dim3 grid = launch.config().grid();
        Dim3 block = launch.config().block();
        // Only the resident CTAs: a state of the whole grid would cost a context per thread of
        // every CTA on each stop. The builder numbers the work-groups 0..n-1 in the order of
        // the resident list, which is how a pool's owner finds its CTA; they get their grid
        // coordinates afterwards.
        // A state contains its target, and the device's one description stays the device's.
        MemoryState state = new MemoryStateBuilder(EcoreUtil.copy(launch.module().device().addressSpaces()))
                .name(ItaniumDemangler.readable(launch.kernel().name()) + " stopped at CTA " + session.cta().index(),
                        launch.module().name())
                .launch(resident.size(), 1, 1, block.x(), block.y(), block.z())
                .poolSize("global", global.size())
                .poolSize(SimulatorTarget.TEXTURE, textures.size())
                .poolSize("const", constBank.size())
                .poolSize("param", params.size())
                .poolSize("shared", launch.sharedBytes())
                .poolSize("local", launch.layout().localWarpBytes(launch.localBytesPerThread()))
                .sources((pool, owner) -> switch (pool.getStorage().getName()) {
                    case "global" -> global;
                    case SimulatorTarget.TEXTURE -> textures;
                    case "const" -> constBank;
                    case "param" -> params;
                    case "shared" -> SimByteSources.shared(resident.get(owner.getIndex()).cta(), version);
                    case "local" -> SimByteSources.localWarp(
                            resident.get(owner.getParent().getIndex()).cta().warp(owner.getIndex()), version);
                    default -> throw new IllegalStateException("the simulator has no storage " + pool.getStorage().getName());
                })
                .build();
        Context gridContext = Contexts.child(state.getDevice(), 0);
        gridContext.setX(grid.x());
        gridContext.setY(grid.y());
        gridContext.setZ(grid.z());
        for (int i = 0; i < resident.size(); i++) {
            Cta cta = resident.get(i).cta();
            Context group = Contexts.child(gridContext, i);
            group.setIndex(cta.linearIndex());
            group.setX(cta.index().x());
            group.setY(cta.index().y());
            group.setZ(cta.index().z());
        }
        return state;
    }

    /** The work-group context of resident CTA {@code cta} in a state of this session's stop. */
    public static Context group(MemoryState state, CtaView cta) {
        for (Context group : Contexts.descendants(state.getDevice(), Scope.WORK_GROUP)) {
            if (group.getIndex() == cta.linearIndex()) {
                return group;
            }
        }
        throw new IllegalArgumentException(cta + " is not in " + state.getName());
    }

    /**
     * Global memory indexed by address, as the simulator target's global space is linear from
     * address 0. Bytes outside every allocation (below {@link GlobalMemory#base()}, the gaps
     * between allocations) read as zero and are reported unpopulated, like the unwritten
     * pages of a sparse pool, so that page-wise readers (memory tables, snapshots) can read an
     * allocation's neighbourhood; writing them fails.
     */
    private static ByteSource byAddress(GlobalMemory memory, ByteSource fromBase) {
        long base = memory.base();
        return new ByteSource() {
            @Override
            public long size() {
                return base + fromBase.size();
            }

            @Override
            public void read(long offset, byte[] dst, int off, int len) {
                ByteSource.checkRange(size(), offset, dst.length, off, len);
                GlobalMemory.Segments s = memory.segments();
                readInside(offset, dst, off, len, s.count(), s::start, s::end, memory::read);
            }

            @Override
            public boolean isWritable() {
                return true;
            }

            @Override
            public void write(long offset, byte[] src, int off, int len) {
                ByteSource.checkRange(size(), offset, src.length, off, len);
                if (offset < base && len > 0) {
                    throw new IllegalArgumentException(String.format(
                            "global 0x%x: no allocation (the simulator allocates from 0x%x)", offset, base));
                }
                fromBase.write(offset - base, src, off, len);
            }

            @Override
            public long version() {
                return fromBase.version();
            }

            @Override
            public long nextPopulated(long offset) {
                return base + fromBase.nextPopulated(Math.max(0, offset - base));
            }
        };
    }

    /**
     * The texture space's storage: the bytes of the device's CUDA arrays, read and written in
     * global memory at their device addresses (where the runtime allocated them); every other
     * byte reads as zero, is reported unpopulated, and cannot be written.
     */
    private static ByteSource arrays(TextureTable table, ByteSource global) {
        return new ByteSource() {
            @Override
            public long size() {
                return global.size();
            }

            @Override
            public void read(long offset, byte[] dst, int off, int len) {
                ByteSource.checkRange(size(), offset, dst.length, off, len);
                List<TextureArray> a = table.arrays();
                readInside(offset, dst, off, len, a.size(), i -> a.get(i).address(),
                        i -> a.get(i).address() + a.get(i).bytes(), global::read);
            }

            @Override
            public boolean isWritable() {
                return true;
            }

            @Override
            public void write(long offset, byte[] src, int off, int len) {
                ByteSource.checkRange(size(), offset, src.length, off, len);
                TextureArray a = table.arrayAt(offset);
                if (len > 0 && (a == null || offset + len > a.address() + a.bytes())) {
                    throw new IllegalArgumentException(String.format("tex 0x%x: %d bytes are not all in one CUDA array",
                            offset, len));
                }
                global.write(offset, src, off, len);
            }

            @Override
            public long version() {
                return global.version();
            }

            @Override
            public long nextPopulated(long offset) {
                for (TextureArray a : table.arrays()) {
                    if (a.address() + a.bytes() > offset) {
                        return Math.min(size(), Math.max(offset, a.address()));
                    }
                }
                return size();
            }
        };
    }

    /**
     * Reads {@code len} bytes from {@code offset}: those inside one of the ranges
     * ({@code start(i)} to {@code end(i)}) from {@code read}, the rest as zero.
     */
    private static void readInside(long offset, byte[] dst, int off, int len, int ranges, IntToLongFunction start,
            IntToLongFunction end, RangeRead read) {
        Arrays.fill(dst, off, off + len, (byte) 0);
        for (int i = 0; i < ranges; i++) {
            long from = Math.max(offset, start.applyAsLong(i));
            long to = Math.min(offset + len, end.applyAsLong(i));
            if (from < to) {
                read.read(from, dst, off + (int) (from - offset), (int) (to - from));
            }
        }
    }

    /** Reads bytes that exist at {@code from}. */
    private interface RangeRead {
        void read(long from, byte[] dst, int off, int len);
    }
}
