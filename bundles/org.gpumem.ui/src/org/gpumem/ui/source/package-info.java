/**
 * gpumem's editor of kernel sources ({@code .cu}, {@code .cuh}, {@code .ptx}): the platform's text
 * editor with CUDA C++ and PTX syntax colouring. It is the only editor gpumem's breakpoint and
 * Run to Line adapters and ruler actions are contributed to; other editors are left alone.
 * Partitions (comments, strings, code) are set up on the document of the kernel-source content
 * types only; colouring runs on the UI thread over the visible damage, as the platform's does.
 * While a kernel frame is selected, hovering an identifier (or a selection) in code shows its
 * value in the frame's lane from the debug core's evaluator, waited for on the platform's hover
 * thread for a bounded time, never on the UI thread's paint path. Inspect and Watch in the
 * editor's context menu evaluate the selection as a watch expression in a job.
 */
package org.gpumem.ui.source;
