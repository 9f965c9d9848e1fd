package org.gpumem.images;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.gpumem.dwarf.io.InputFormatException;

/**
 * Chooses the image a device would load, following the CUDA and ROCm compatibility rules.
 * <p>
 * NVIDIA device of compute capability X.Y: a cubin of the same major version X with minor
 * &lt;= Y runs natively (binary compatibility within a major version); an arch-specific
 * {@code sm_XYa} cubin runs only on exactly X.Y; among usable cubins the closest (highest minor,
 * arch-specific before plain on a tie) is taken. Failing that, the PTX with the highest compute
 * capability &lt;= X.Y is JIT-compiled (PTX is forward compatible; arch-specific
 * {@code compute_XYa} PTX only on exactly X.Y). A cubin of another major version and PTX newer
 * than the device never run.
 * <p>
 * AMDGPU device: a code object for the same processor whose xnack and sramecc settings are
 * compatible: a feature the code object leaves unspecified ("any") runs with either setting; a
 * specified one must equal the device's (an unspecified device setting accepts both). Exact
 * feature matches are preferred over "any".
 */
public final class ImageSelector {

    private ImageSelector() {
    }

    /**
     * One selection per container of the catalog: the runtime registers each fatbin or offload
     * bundle as its own module and loads one image from each. A file without containers gives
     * one empty selection, so that "no image" is still reported.
     */
    public static List<Selection> select(Catalog catalog, GpuTarget device) {
        List<Selection> result = new ArrayList<>();
        for (Container c : catalog.containers()) {
            result.add(select(c, device));
        }
        if (result.isEmpty()) {
            result.add(select(catalog.file(), List.of(), device));
        }
        return result;
    }

    /**
     * One selection per kernel and module defining it, in file order: the choice among the
     * module's images that define the kernel. Images whose headers or bytes cannot be read do
     * not take part ({@link Catalog#problems()} and their {@link DeviceImage#kernels()} say why).
     */
    public static List<KernelSelection> selectKernels(Catalog catalog, GpuTarget device) {
        List<KernelSelection> result = new ArrayList<>();
        for (Container c : catalog.containers()) {
            Map<Kernel, List<DeviceImage>> defining = new LinkedHashMap<>();
            for (DeviceImage image : c.images()) {
                List<Kernel> kernels;
                try {
                    kernels = image.kernels();
                } catch (InputFormatException e) {
                    continue;
                }
                for (Kernel k : kernels) {
                    defining.computeIfAbsent(k, x -> new ArrayList<>()).add(image);
                }
            }
            for (Map.Entry<Kernel, List<DeviceImage>> e : defining.entrySet()) {
                String scope = "kernel " + e.getKey().displayName() + " in " + c.origin().describe();
                result.add(new KernelSelection(e.getKey(), c, select(scope, e.getValue(), device)));
            }
        }
        return result;
    }

    public static Selection select(Container container, GpuTarget device) {
        return select(container.origin().describe(), container.images(), device);
    }

    /** Chooses among {@code images}; {@code scope} names them in explanations. */
    public static Selection select(String scope, List<DeviceImage> images, GpuTarget device) {
        List<Candidate> candidates = new ArrayList<>();
        for (DeviceImage image : images) {
            candidates.add(device instanceof NvidiaTarget n ? nvidia(image, n) : amdgpu(image, (AmdgpuTarget) device));
        }
        candidates.sort(Comparator.comparingInt((Candidate c) -> c.usable ? 0 : 1).thenComparingInt(c -> -c.rank));
        List<Selection.Verdict> verdicts = new ArrayList<>();
        for (Candidate c : candidates) {
            verdicts.add(new Selection.Verdict(c.image, c.usable, c.reason));
        }
        Optional<DeviceImage> chosen = candidates.isEmpty() || !candidates.get(0).usable ? Optional.empty()
                : Optional.of(candidates.get(0).image);
        return new Selection(device, scope, chosen, verdicts);
    }

    /** rank: larger is better; cubins always outrank PTX. */
    private record Candidate(DeviceImage image, boolean usable, int rank, String reason) {
    }

    private static Candidate nvidia(DeviceImage image, NvidiaTarget device) {
        String dev = device.capability();
        if (image.format() != ImageFormat.CUBIN && image.format() != ImageFormat.PTX) {
            return new Candidate(image, false, 0, image.format().displayName() + " is not code for an NVIDIA device");
        }
        if (!(image.target() instanceof NvidiaTarget t)) {
            return new Candidate(image, false, 0, "its architecture is unknown");
        }
        boolean archSpecific = t.variant() == NvidiaTarget.Variant.ARCH_SPECIFIC;
        if (image.format() == ImageFormat.CUBIN) {
            if (t.major() != device.major()) {
                return new Candidate(image, false, 0, "cubin " + t.name() + " is for major version " + t.major()
                        + "; cubins run only on devices of the same major version (" + device.major() + ")");
            }
            if (t.minor() > device.minor()) {
                return new Candidate(image, false, 0, "cubin " + t.name() + " needs compute capability "
                        + t.capability() + ", newer than " + dev);
            }
            if (archSpecific && t.minor() != device.minor()) {
                return new Candidate(image, false, 0, "arch-specific cubin " + t.name() + " runs only on exactly "
                        + t.capability() + ", not " + dev);
            }
            int rank = 2000 + t.minor() * 10 + (archSpecific ? 1 : 0);
            String how = t.minor() == device.minor() ? "built for exactly " + dev
                    : "same major version " + t.major() + ", minor " + t.minor() + " <= " + device.minor()
                            + " (binary compatible; no cubin closer to " + dev + ")";
            return new Candidate(image, true, rank, "cubin " + t.name() + " runs natively: " + how);
        }
        if (t.compareTo(new NvidiaTarget(device.major(), device.minor(), NvidiaTarget.Variant.PLAIN)) > 0
                && !(archSpecific && t.smNumber() == device.smNumber())) {
            return new Candidate(image, false, 0, "PTX " + t.computeName() + " is newer than the device (" + dev
                    + "); PTX is only forward compatible");
        }
        if (archSpecific && t.smNumber() != device.smNumber()) {
            return new Candidate(image, false, 0, "arch-specific PTX " + t.computeName() + " compiles only for exactly "
                    + t.capability() + ", not " + dev);
        }
        return new Candidate(image, true, 1000 + t.smNumber(), "PTX " + t.computeName() + " is JIT-compiled: "
                + "the highest PTX compute capability <= " + dev + " and no compatible cubin");
    }

    private static Candidate amdgpu(DeviceImage image, AmdgpuTarget device) {
        if (image.format() != ImageFormat.AMDGPU_CODE_OBJECT) {
            return new Candidate(image, false, 0, image.format().displayName() + " is not code for an AMDGPU device");
        }
        if (!(image.target() instanceof AmdgpuTarget t)) {
            return new Candidate(image, false, 0, "its target id is unknown");
        }
        if (!t.processor().equals(device.processor())) {
            return new Candidate(image, false, 0, "code object for " + t.processor() + ", device is " + device.processor());
        }
        String xnack = feature("xnack", t.xnack(), device.xnack());
        String sramecc = feature("sramecc", t.sramecc(), device.sramecc());
        if (xnack.startsWith("!") || sramecc.startsWith("!")) {
            String why = xnack.startsWith("!") ? xnack.substring(1) : sramecc.substring(1);
            return new Candidate(image, false, 0, "code object " + t.name() + ": " + why);
        }
        int rank = (t.xnack() == device.xnack() ? 2 : 0) + (t.sramecc() == device.sramecc() ? 1 : 0);
        return new Candidate(image, true, rank, "code object " + t.name() + " matches " + device.name() + ": "
                + xnack + ", " + sramecc);
    }

    /** "!why" when incompatible, else how the setting matches. */
    private static String feature(String name, AmdgpuTarget.Feature image, AmdgpuTarget.Feature device) {
        if (image == AmdgpuTarget.Feature.ANY) {
            return name + " unspecified in the code object (runs with either setting)";
        }
        if (device == AmdgpuTarget.Feature.ANY) {
            return name + image.suffix() + " in the code object, device setting unspecified";
        }
        if (image == device) {
            return name + image.suffix() + " as on the device";
        }
        return "!" + name + image.suffix() + " in the code object but the device runs with " + name + device.suffix();
    }
}
