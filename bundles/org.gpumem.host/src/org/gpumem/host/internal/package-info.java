/**
 * The wire between gpumem and the replacement runtime library (internal): the channel's messages
 * and their fields, the cudaError_t codes, and the shared-memory file both map as the device's
 * global memory.
 */
package org.gpumem.host.internal;
