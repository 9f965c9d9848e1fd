package org.gpumem.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;

import org.gpumem.model.AddressSpace;
import org.gpumem.model.Variable;
import org.gpumem.model.addressing.AddressSpaces;
import org.gpumem.sim.SimulatorTarget;
import org.junit.jupiter.api.Test;

/** How each kind of device memory becomes a variable of the global space. */
class AllocationVariablesTest {
    private final AddressSpace global = AddressSpaces.require(SimulatorTarget.create(), "global");

    @Test
    void anAllocationIsNamedByItsEntryPointAndCallerAndDeclaredAtTheCallsLine() {
        CallSite caller = new CallSite(0x5555_0000_1234L, "managed", "main", "main", 0x1a4, "managed.cu", 31);
        Variable v = AllocationVariables.variable(new DeviceAllocation(0x1_0000_0200L, 4096, DeviceAllocation.Kind.MANAGED,
                "cudaMallocManaged", List.of(0x5555_0000_1234L)), caller, global);
        assertEquals("cudaMallocManaged from main+0x1a4", v.getName());
        assertEquals("managed memory", v.getTypeName());
        assertEquals(4096, v.getByteSize());
        assertSame(global, v.getSpace());
        assertEquals(0x1_0000_0200L, v.getOffset());
        assertEquals("managed.cu", v.getDeclFile());
        assertEquals(31, v.getDeclLine());
    }

    @Test
    void withoutACallerOrALineTableLessIsSaid() {
        Variable unnamed = AllocationVariables.variable(
                new DeviceAllocation(0x1_0000_0000L, 64, DeviceAllocation.Kind.HOST, "cudaMallocHost", List.of(1L)), null, global);
        assertEquals("cudaMallocHost", unnamed.getName());
        assertEquals("page-locked host memory", unnamed.getTypeName());
        Variable noLines = AllocationVariables.variable(
                new DeviceAllocation(0x1_0000_0000L, 64, DeviceAllocation.Kind.DEVICE, "cudaMalloc", List.of(1L)),
                new CallSite(1, "app", null, null, 0x11a4, null, 0), global);
        assertEquals("cudaMalloc from app+0x11a4", noLines.getName());
        assertEquals("device memory", noLines.getTypeName());
        assertNull(noLines.getDeclFile());
    }

    @Test
    void aModuleVariableKeepsItsSourceName() {
        Variable v = AllocationVariables.variable(
                new DeviceAllocation(0x1_0000_0000L, 8, DeviceAllocation.Kind.VARIABLE, "_ZN6tuning5limitE", List.of()), null, global);
        assertEquals("tuning::limit", v.getName());
        assertEquals("__device__ variable", v.getTypeName());
        assertEquals(8, v.getByteSize());
    }

    @Test
    void streamOrderedAndGraphMemorySayWhatTheyAre() {
        CallSite caller = new CallSite(1, "app", "main", "main", 0x40, null, 0);
        assertEquals("stream-ordered memory (memory pool)", AllocationVariables.variable(new DeviceAllocation(0x1_0000_0000L,
                64, DeviceAllocation.Kind.POOL, "cudaMallocAsync", List.of(1L)), caller, global).getTypeName());
        assertEquals("stream-ordered managed memory (memory pool)", AllocationVariables.variable(new DeviceAllocation(
                0x1_0000_0000L, 64, DeviceAllocation.Kind.MANAGED_POOL, "cudaMallocFromPoolAsync", List.of(1L)), caller, global)
                .getTypeName());
        Variable reserve = AllocationVariables.variable(new DeviceAllocation(0x1_0000_0000L, 64,
                DeviceAllocation.Kind.POOL_RESERVE, "cudaFreeAsync", List.of(1L)), caller, global);
        assertEquals("memory pool reserve", reserve.getTypeName());
        assertEquals("cudaFreeAsync from main+0x40", reserve.getName());
        assertEquals("graph memory", AllocationVariables.variable(new DeviceAllocation(0x1_0000_0000L, 64,
                DeviceAllocation.Kind.GRAPH, "cudaGraphAddMemAllocNode", List.of(1L)), caller, global).getTypeName());
    }
}
