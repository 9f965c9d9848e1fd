package org.gpumem.images;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * The device code one file carries: its containers and their images. Build one with
 * {@link CatalogReader}; choose an image for a device with {@link ImageSelector}.
 */
public final class Catalog {
    private final String file;
    private final String fileKind;
    private final List<Container> containers;
    private volatile List<DeviceImage> images;
    private volatile Map<DeviceImage, Integer> numbers;

    Catalog(String file, String fileKind, List<Container> containers) {
        this.file = file;
        this.fileKind = fileKind;
        this.containers = List.copyOf(containers);
    }

    /** The file as the caller named it. */
    public String file() {
        return file;
    }

    /** What the file is: {@code ELF host executable}, {@code ELF relocatable object}, {@code cubin}, {@code PTX}... */
    public String fileKind() {
        return fileKind;
    }

    public List<Container> containers() {
        return containers;
    }

    /** All images of all containers, in file order (decompresses compressed bundles). */
    public List<DeviceImage> images() {
        List<DeviceImage> all = images;
        if (all == null) {
            List<DeviceImage> list = new ArrayList<>();
            for (Container c : containers) {
                list.addAll(c.images());
            }
            all = List.copyOf(list);
            images = all;
        }
        return all;
    }

    /** The 1-based position of {@code image} in {@link #images()} (as listings number them), or 0 when it is not in this catalog. */
    public int number(DeviceImage image) {
        Map<DeviceImage, Integer> n = numbers;
        if (n == null) {
            n = new IdentityHashMap<>();
            List<DeviceImage> all = images();
            for (int i = 0; i < all.size(); i++) {
                n.put(all.get(i), i + 1);
            }
            numbers = n;
        }
        return n.getOrDefault(image, 0);
    }

    /**
     * What could not be read, in file order: containers that are corrupt (wholly or from some
     * entry on) and images whose headers contradict themselves. Those are still listed; the rest
     * of the file is unaffected. Payload errors (corrupt compressed data) show only when an
     * image's bytes are asked for.
     */
    public List<InputFormatException> problems() {
        List<InputFormatException> list = new ArrayList<>();
        for (Container c : containers) {
            if (c.problem() != null) {
                list.add(c.problem());
            }
            for (DeviceImage i : c.images()) {
                if (i.problem() != null) {
                    list.add(i.problem());
                }
            }
        }
        return list;
    }

    /**
     * Every kernel of the file with the images that define it, in file order: where a kernel's
     * code is, in which format and for which architecture. Reads every image's kernels.
     */
    public Map<Kernel, List<DeviceImage>> kernels() {
        Map<Kernel, List<DeviceImage>> index = new LinkedHashMap<>();
        for (DeviceImage i : images()) {
            for (Kernel k : i.kernels()) {
                index.computeIfAbsent(k, x -> new ArrayList<>()).add(i);
            }
        }
        return index;
    }

    /** The images that define a kernel called {@code name} (mangled or demangled). */
    public List<DeviceImage> imagesDefining(String name) {
        List<DeviceImage> found = new ArrayList<>();
        for (DeviceImage i : images()) {
            for (Kernel k : i.kernels()) {
                if (k.name().equals(name) || name.equals(k.demangled())) {
                    found.add(i);
                    break;
                }
            }
        }
        return found;
    }
}
