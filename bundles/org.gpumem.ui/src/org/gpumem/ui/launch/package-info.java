/**
 * gpumem's launches in the IDE (internal): the GPU kernel and CUDA program configurations, their
 * tabs and shortcuts, breakpoints and run to line in CUDA and PTX editors, the debug model's
 * labels, and the sample project of gpumem ide.
 */
package org.gpumem.ui.launch;
