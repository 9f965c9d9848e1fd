/**
 * The device-code catalog in the IDE (internal): the Device Code view and editor, a file's
 * containers, images and kernels, and an image's DWARF variables by address space.
 */
package org.gpumem.ui.catalog;
