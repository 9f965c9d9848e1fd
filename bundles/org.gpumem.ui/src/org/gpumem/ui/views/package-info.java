/**
 * gpumem's views of the session's memory state (internal): Address Spaces, Memory Pools, Space
 * Memory, Variable Locations and Output Buffers, and the Memory Checks view of the last checked
 * launch's findings.
 */
package org.gpumem.ui.views;
