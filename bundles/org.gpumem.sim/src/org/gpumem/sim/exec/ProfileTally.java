package org.gpumem.sim.exec;

import org.gpumem.sim.AddressSpaceProfile;

/**
 * The address-space profile of a launch driven CTA by CTA (the debugger's): the counters of the
 * CTAs that are gone, summed as they retire, plus those of the CTAs still resident when asked.
 * A launch made without {@link org.gpumem.sim.ExecOptions#profile()} has no profile.
 */
public final class ProfileTally {
    private final Launch launch;
    /** Counters of the retired CTAs, or null without a profile. */
    private final long[][] retired;

    public ProfileTally(Launch launch) {
        this.launch = launch;
        this.retired = launch.options.profile() ? new long[launch.code.length][] : null;
    }

    /** Whether the launch counts generic accesses and cvta. */
    public boolean enabled() {
        return retired != null;
    }

    /** Adds the counts of {@code cta}, which will not run again. */
    public void retire(Cta cta) {
        if (retired != null && cta.profile != null) {
            ProfileCounters.add(retired, cta.profile);
        }
    }

    /** The profile of the retired CTAs and {@code resident}; null without a profile. */
    public AddressSpaceProfile profile(Iterable<Cta> resident) {
        if (retired == null) {
            return null;
        }
        long[][] sum = new long[retired.length][];
        for (int f = 0; f < retired.length; f++) {
            sum[f] = retired[f] == null ? null : retired[f].clone();
        }
        for (Cta cta : resident) {
            if (cta.profile != null) {
                ProfileCounters.add(sum, cta.profile);
            }
        }
        return ProfileCounters.profile(launch.module.module(), sum);
    }
}
