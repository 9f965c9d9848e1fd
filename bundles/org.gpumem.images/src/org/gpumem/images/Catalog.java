package org.gpumem.images;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The device code one file carries: its containers and their images. Build one with
 * {@link CatalogReader}; choose an image for a device with {@link ImageSelector}.
 */
public final class Catalog {
    private final String file;
    private final String fileKind;
    private final List<Container> containers;

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
        List<DeviceImage> all = new ArrayList<>();
        for (Container c : containers) {
            all.addAll(c.images());
        }
        return all;
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
