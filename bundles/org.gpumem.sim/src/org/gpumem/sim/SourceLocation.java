package org.gpumem.sim;

/** A position in the CUDA/C++ source named by a PTX {@code .loc} and its {@code .file}. */
public record SourceLocation(String file, int line, int column) {
    @Override
    public String toString() {
        return file + ":" + line + (column > 0 ? ":" + column : "");
    }
}
