/**
 * Showing an address space's bytes (internal): readers of a space as one context sees it, their
 * page cache, the address-space table, the lanes grid and the aliases of a selected range.
 */
package org.gpumem.ui.memory;
