package org.gpumem.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * What to launch: the kernel (its mangled PTX name), grid and block extents, dynamic shared
 * bytes, the argument values in PTX parameter order, and whether the launch is cooperative
 * (cudaLaunchCooperativeKernel: every CTA resident at once, so that the grid can synchronise).
 * Each argument is raw little-endian bytes; the launch checks their count and sizes against the
 * kernel's {@code .param} list, and the extents and shared memory against the device's
 * {@link DeviceFacts}.
 */
public final class LaunchConfig {
    /** Most CTAs in a grid the simulator numbers (the device's limits are {@link DeviceFacts}'). */
    public static final long MAX_CTAS = Integer.MAX_VALUE;

    private final String kernel;
    private final Dim3 grid;
    private final Dim3 block;
    private final int dynamicSharedBytes;
    private final List<byte[]> args;
    private final boolean cooperative;

    private LaunchConfig(Builder b) {
        this.kernel = b.kernel;
        this.grid = b.grid;
        this.block = b.block;
        this.dynamicSharedBytes = b.sharedBytes;
        this.args = List.copyOf(b.args);
        this.cooperative = b.cooperative;
    }

    /**
     * A cooperative launch: all its CTAs are resident at once (the grid must fit the device), and
     * the kernel gets the grid barrier's workspace ({@code %envreg1:%envreg2}) that
     * cooperative groups' {@code this_grid().sync()} synchronises on.
     */
    public boolean cooperative() {
        return cooperative;
    }

    public String kernel() {
        return kernel;
    }

    public Dim3 grid() {
        return grid;
    }

    public Dim3 block() {
        return block;
    }

    public int dynamicSharedBytes() {
        return dynamicSharedBytes;
    }

    /** Argument bytes in parameter order (do not modify the arrays). */
    public List<byte[]> args() {
        return args;
    }

    public static Builder builder(String kernel) {
        return new Builder(kernel);
    }

    /** Builds a {@link LaunchConfig}; grid and block default to 1x1x1. */
    public static final class Builder {
        private final String kernel;
        private Dim3 grid = new Dim3(1, 1, 1);
        private Dim3 block = new Dim3(1, 1, 1);
        private int sharedBytes;
        private final List<byte[]> args = new ArrayList<>();
        private boolean cooperative;

        private Builder(String kernel) {
            this.kernel = kernel;
        }

        public Builder grid(int x, int y, int z) {
            grid = new Dim3(x, y, z);
            return this;
        }

        public Builder block(int x, int y, int z) {
            block = new Dim3(x, y, z);
            return this;
        }

        public Builder sharedBytes(int bytes) {
            sharedBytes = bytes;
            return this;
        }

        /** Appends an argument of {@code size} bytes (1, 2, 4 or 8) holding the low bytes of {@code bits}. */
        public Builder arg(long bits, int size) {
            byte[] b = new byte[size];
            for (int i = 0; i < size; i++) {
                b[i] = (byte) (bits >>> (8 * i));
            }
            args.add(b);
            return this;
        }

        public Builder argU32(int v) {
            return arg(v, 4);
        }

        public Builder argS32(int v) {
            return arg(v, 4);
        }

        /** A 64-bit integer or a device pointer. */
        public Builder argU64(long v) {
            return arg(v, 8);
        }

        public Builder argF32(float v) {
            return arg(Float.floatToRawIntBits(v), 4);
        }

        public Builder argF64(double v) {
            return arg(Double.doubleToRawLongBits(v), 8);
        }

        /** A by-value aggregate or any other raw argument. */
        public Builder argBytes(byte[] bytes) {
            args.add(bytes.clone());
            return this;
        }

        public Builder cooperative(boolean on) {
            this.cooperative = on;
            return this;
        }

        public LaunchConfig build() {
            return new LaunchConfig(this);
        }
    }
}
