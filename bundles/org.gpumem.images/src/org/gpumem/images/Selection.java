package org.gpumem.images;

import java.util.List;
import java.util.Optional;

/**
 * The outcome of choosing an image for a device among the images of one container (one module
 * the runtime registers: a fatbin, an offload bundle): the chosen image (if any), and a verdict
 * with its reason for every image, best candidates first.
 *
 * @param scope what was searched, in words ({@code cuda_O: .nv_fatbin+0xc10 (fatbin 2)})
 */
public record Selection(GpuTarget device, String scope, Optional<DeviceImage> chosen, List<Verdict> verdicts) {

    /**
     * One image and why it was or was not usable.
     *
     * @param image   the image
     * @param usable  whether the device could run it
     * @param reason  why, in words ("same major 8, minor 6 <= 6: runs natively")
     */
    public record Verdict(DeviceImage image, boolean usable, String reason) {
    }

    /** Why the chosen image was chosen, or, when none was, an error that lists what the file contains. */
    public String explanation() {
        if (chosen.isPresent()) {
            for (Verdict v : verdicts) {
                if (v.image() == chosen.get()) {
                    return "from " + scope + ", device " + device.name() + " gets " + chosen.get().describe()
                            + ": " + v.reason();
                }
            }
        }
        StringBuilder b = new StringBuilder("no image in " + scope + " runs on " + device.name());
        if (verdicts.isEmpty()) {
            b.append("; it contains no device code");
        } else {
            b.append("; it contains: ");
            for (int i = 0; i < verdicts.size(); i++) {
                b.append(i > 0 ? ", " : "").append(verdicts.get(i).image().describe());
            }
        }
        return b.toString();
    }
}
