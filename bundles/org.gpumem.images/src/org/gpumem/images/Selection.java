package org.gpumem.images;

import java.util.List;
import java.util.Optional;

/**
 * The outcome of choosing an image for a device: the chosen image (if any), and a verdict with
 * its reason for every image the file contains, best candidates first.
 */
public record Selection(GpuTarget device, String file, Optional<DeviceImage> chosen, List<Verdict> verdicts) {

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
                    return "device " + device.name() + " gets " + chosen.get().describe() + " at "
                            + chosen.get().origin().describe() + ": " + v.reason();
                }
            }
        }
        StringBuilder b = new StringBuilder("no image in " + file + " runs on " + device.name());
        if (verdicts.isEmpty()) {
            b.append("; the file contains no device code");
        } else {
            b.append("; the file contains: ");
            for (int i = 0; i < verdicts.size(); i++) {
                b.append(i > 0 ? ", " : "").append(verdicts.get(i).image().describe());
            }
        }
        return b.toString();
    }
}
