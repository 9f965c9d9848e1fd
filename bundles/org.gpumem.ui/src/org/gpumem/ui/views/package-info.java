/**
 * gpumem's views of the session's memory state (internal): Address Spaces, Memory Pools, Space
 * Memory, Variable Locations and Output Buffers.
 */
package org.gpumem.ui.views;
