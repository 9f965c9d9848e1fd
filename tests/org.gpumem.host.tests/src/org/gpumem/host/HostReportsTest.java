package org.gpumem.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.gpumem.sim.Device;
import org.junit.jupiter.api.Test;

/** What the user reads of a program that meets the same refusal again and again. */
class HostReportsTest {

    private static HostProcess process(long pid) {
        return new HostProcess() {
            @Override
            public long pid() {
                return pid;
            }

            @Override
            public Device device() {
                return null;
            }

            @Override
            public List<DeviceAllocation> allocations() {
                return List.of();
            }

            @Override
            public int launchCount() {
                return 0;
            }
        };
    }

    /** NVIDIA's globalToShmemAsyncCopy launches an unrunnable kernel 101 times: one line, then the count. */
    @Test
    void aRefusalIsSaidOncePerProcessAndCountedWhenItEnds() {
        List<String> said = new ArrayList<>();
        HostReports reports = new HostReports(said::add, true, false);
        HostProcess first = process(10), second = process(11);
        for (int i = 0; i < 101; i++) {
            reports.launchRefused(first, "k", "uses mbarrier");
        }
        reports.launchRefused(first, "other", "uses wmma");
        reports.unsupportedCall(first, "cudaGraphCreate");
        reports.unsupportedCall(first, "cudaGraphCreate");
        reports.launchRefused(second, "k", "uses mbarrier");
        assertEquals(List.of("gpumem: refused to launch k: uses mbarrier", "gpumem: refused to launch other: uses wmma",
                "gpumem: the program called cudaGraphCreate, which gpumem does not implement; it returned "
                        + "cudaErrorNotSupported",
                "gpumem: refused to launch k: uses mbarrier"), said);
        said.clear();
        reports.disconnected(first, null);
        assertEquals(List.of("gpumem: refused to launch k: uses mbarrier (101 times in all)",
                "gpumem: the program called cudaGraphCreate, which gpumem does not implement; it returned "
                        + "cudaErrorNotSupported (2 times in all)"), said);
        said.clear();
        reports.disconnected(second, "the connection broke");
        assertEquals(List.of("gpumem: stopped serving process 11: the connection broke"), said);
    }
}
