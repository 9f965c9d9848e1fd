package org.gpumem.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * Names the host code of a running CUDA program: which call made an allocation. A return
 * address is placed in the file the process maps there ({@code /proc/PID/maps}: the program is
 * usually position-independent, so only the mapping says where it was loaded), then named from
 * that file's {@link HostSymbols}. The call named is the first one outside gpumem's runtime
 * library and outside the CUDA headers' C++ wrappers of the entry point ({@code cudaMalloc<T>}),
 * which is the line of the program a user wrote.
 *
 * <p>Files' symbols are kept for the life of this object (one per program run).
 * Threads: any; one names at a time.
 */
public final class HostCode {
    /** One line of /proc/PID/maps that maps a file. */
    record Mapping(long start, long end, long fileOffset, Path file) {
    }

    private final Map<Path, Optional<HostSymbols>> files = new HashMap<>();

    /**
     * The call that made {@code allocation} in process {@code pid}, which must still run: null
     * for a module variable, or when the process's mappings cannot be read (it has ended).
     */
    public synchronized CallSite caller(long pid, DeviceAllocation allocation) {
        return caller(mappings(pid), allocation);
    }

    /** The calls that made each of {@code allocations} (null entries as for {@link #caller(long, DeviceAllocation)}), reading the mappings once. */
    public synchronized List<CallSite> callers(long pid, List<DeviceAllocation> allocations) {
        List<Mapping> maps = mappings(pid);
        List<CallSite> out = new ArrayList<>();
        for (DeviceAllocation a : allocations) {
            out.add(caller(maps, a));
        }
        return out;
    }

    CallSite caller(List<Mapping> maps, DeviceAllocation allocation) {
        CallSite first = null;
        for (long address : allocation.callers()) {
            Mapping m = mappingOf(maps, address);
            if (m == null) {
                continue;
            }
            if (m.file().getFileName().toString().equals(RuntimeLibrary.FILE_NAME)) {
                continue;
            }
            HostSymbols symbols = symbols(m.file());
            if (symbols == null) {
                return first != null ? first : new CallSite(address, m.file().getFileName().toString(), null, null,
                        address - m.start() + m.fileOffset(), null, 0);
            }
            long virtual = symbols.addressOfFileOffset(address - m.start() + m.fileOffset());
            if (virtual < 0) {
                continue;
            }
            CallSite site = symbols.callSite(address, virtual);
            if (first == null) {
                first = site;
            }
            if (!isHeaderWrapper(site.symbol(), allocation.entryPoint())) {
                return site;
            }
        }
        return first;
    }

    /**
     * Whether {@code symbol} is an instantiation of the CUDA headers' template of the same name as
     * the C entry point ({@code template<class T> cudaError_t cudaMalloc(T **, size_t)} is
     * {@code _Z10cudaMallocIiE9cudaErrorPPT_m} for int).
     */
    static boolean isHeaderWrapper(String symbol, String entryPoint) {
        return symbol != null && symbol.startsWith("_Z" + entryPoint.length() + entryPoint + "I");
    }

    private HostSymbols symbols(Path file) {
        return files.computeIfAbsent(file, f -> {
            try {
                return Optional.of(HostSymbols.open(f));
            } catch (IOException | InputFormatException e) {
                // not an ELF file we can read (deleted since, or data): its calls stay unnamed
                return Optional.empty();
            }
        }).orElse(null);
    }

    private static Mapping mappingOf(List<Mapping> maps, long address) {
        for (Mapping m : maps) {
            if (Long.compareUnsigned(address, m.start()) >= 0 && Long.compareUnsigned(address, m.end()) < 0) {
                return m;
            }
        }
        return null;
    }

    /** The file mappings of process {@code pid}; none when they cannot be read. */
    static List<Mapping> mappings(long pid) {
        try {
            return parseMappings(Files.readAllLines(Path.of("/proc", Long.toString(pid), "maps")));
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Lines of /proc/PID/maps ({@code start-end perms offset dev inode path}) that map a file by path. */
    static List<Mapping> parseMappings(List<String> lines) {
        List<Mapping> out = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.trim().split("\\s+", 6);
            if (f.length < 6 || !f[5].startsWith("/") || f[5].endsWith(" (deleted)")) {
                continue;
            }
            int dash = f[0].indexOf('-');
            if (dash < 0) {
                continue;
            }
            try {
                out.add(new Mapping(Long.parseUnsignedLong(f[0].substring(0, dash), 16),
                        Long.parseUnsignedLong(f[0].substring(dash + 1), 16), Long.parseUnsignedLong(f[2], 16),
                        Path.of(f[5])));
            } catch (NumberFormatException e) {
                // not a line of the kernel's format: skipped
            }
        }
        return out;
    }
}
