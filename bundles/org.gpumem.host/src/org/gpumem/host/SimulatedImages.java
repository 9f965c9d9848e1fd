package org.gpumem.host;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.gpumem.images.DeviceImage;
import org.gpumem.images.ImageFormat;
import org.gpumem.images.ImageSelector;
import org.gpumem.images.NvidiaTarget;
import org.gpumem.images.Selection;

/**
 * Which image of a fat binary a program's kernels run from on the simulator: the PTX image the
 * device would JIT-compile (the simulator runs PTX, not SASS), chosen by CUDA's rules. The one
 * rule for the device a program is served by and for views that show which image that is.
 */
public final class SimulatedImages {
    private SimulatedImages() {
    }

    /** The PTX images of {@code images}, in their order. */
    public static List<DeviceImage> ptx(Collection<DeviceImage> images) {
        List<DeviceImage> ptx = new ArrayList<>();
        for (DeviceImage image : images) {
            if (image.format() == ImageFormat.PTX) {
                ptx.add(image);
            }
        }
        return ptx;
    }

    /**
     * The choice among the PTX images of one container (named {@code name}) for {@code device}
     * ({@code sm_90}...).
     *
     * @throws IllegalArgumentException when {@code device} names no NVIDIA target
     */
    public static Selection select(String name, Collection<DeviceImage> images, String device) {
        return ImageSelector.select(name, ptx(images), NvidiaTarget.parse(device));
    }
}
