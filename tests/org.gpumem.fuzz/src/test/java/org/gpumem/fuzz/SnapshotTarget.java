package org.gpumem.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.gpumem.model.AddressSpace;
import org.gpumem.model.Context;
import org.gpumem.model.MemoryState;
import org.gpumem.model.Pool;
import org.gpumem.model.addressing.AddressResolver;
import org.gpumem.model.addressing.AddressingException;
import org.gpumem.model.addressing.PoolAddress;
import org.gpumem.model.snapshot.Snapshot;
import org.gpumem.model.snapshot.SnapshotWriter;

/**
 * A snapshot as {@code u32 model length, model XMI, page file}: both files written to a folder,
 * opened, and then read as {@code gpumem snapshot} does: every pool's populated chunks, and the
 * first bytes of every space from the first context of each scope with their aliases.
 * {@link AddressingException} (a location that reaches no pool) is a declared outcome here.
 */
final class SnapshotTarget {
    private SnapshotTarget() {
    }

    static byte[] encode(Path model) throws IOException {
        byte[] xmi = Files.readAllBytes(model);
        byte[] pages = Files.readAllBytes(SnapshotWriter.pagesFile(model));
        ByteBuffer b = ByteBuffer.allocate(4 + xmi.length + pages.length).order(ByteOrder.LITTLE_ENDIAN);
        return b.putInt(xmi.length).put(xmi).put(pages).array();
    }

    /** The model and page file an input holds (a length past the end takes what is there). */
    static SnapshotEdits.SnapshotFiles files(byte[] input) {
        ByteBuffer in = ByteBuffer.wrap(input).order(ByteOrder.LITTLE_ENDIAN);
        int length = in.remaining() >= 4 ? (int) Math.min(in.getInt() & 0xffffffffL, in.remaining()) : 0;
        return new SnapshotEdits.SnapshotFiles(Arrays.copyOfRange(input, in.position(), in.position() + length),
                Arrays.copyOfRange(input, in.position() + length, input.length));
    }

    static void open(byte[] input, Path dir) {
        Path model = dir.resolve("fuzz.gpumem");
        try {
            files(input).write(model);
            try (Snapshot s = Snapshot.open(model)) {
                read(s.state());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void read(MemoryState state) {
        List<Context> firstOfEachScope = new ArrayList<>();
        for (Context c = state.getDevice(); c != null; c = c.getChildren().isEmpty() ? null : c.getChildren().get(0)) {
            firstOfEachScope.add(c);
        }
        byte[] chunk = new byte[256];
        for (Iterator<EObject> it = state.eAllContents(); it.hasNext();) {
            if (it.next() instanceof Pool pool) {
                long at = pool.getSource().nextPopulated(0);
                if (at < pool.getSize()) {
                    pool.getSource().read(at, chunk, 0, (int) Math.min(chunk.length, pool.getSize() - at));
                }
            }
        }
        for (AddressSpace space : state.getTarget().getAddressSpaces()) {
            for (Context c : firstOfEachScope) {
                try {
                    PoolAddress where = AddressResolver.resolve(c, space, 0);
                    AddressResolver.read(c, space, 0, chunk, 0, 16);
                    AddressResolver.aliases(where);
                } catch (AddressingException unreachable) {
                    // Declared: this space is not reachable from this context at offset 0.
                }
            }
        }
    }
}
