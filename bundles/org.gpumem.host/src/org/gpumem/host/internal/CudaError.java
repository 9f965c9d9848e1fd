package org.gpumem.host.internal;

/** The cudaError_t values gpumem answers the program's runtime with (CUDA 13's numbering). */
public final class CudaError {
    public static final int SUCCESS = 0;
    public static final int INVALID_VALUE = 1;
    public static final int MEMORY_ALLOCATION = 2;
    public static final int INVALID_CONFIGURATION = 9;
    public static final int INVALID_SYMBOL = 13;
    public static final int INVALID_DEVICE_POINTER = 17;
    public static final int INVALID_DEVICE_FUNCTION = 98;
    public static final int INVALID_KERNEL_IMAGE = 200;
    public static final int NO_KERNEL_IMAGE_FOR_DEVICE = 209;
    public static final int INVALID_PTX = 218;
    public static final int INVALID_RESOURCE_HANDLE = 400;
    public static final int ILLEGAL_ADDRESS = 700;
    public static final int LAUNCH_TIMEOUT = 702;
    public static final int ASSERT = 710;
    public static final int HARDWARE_STACK_ERROR = 714;
    public static final int ILLEGAL_INSTRUCTION = 715;
    public static final int MISALIGNED_ADDRESS = 716;
    public static final int LAUNCH_FAILURE = 719;
    public static final int NOT_SUPPORTED = 801;
    public static final int UNKNOWN = 999;

    private CudaError() {
    }
}
