/**
 * gpumem's renderings in the platform Memory view (internal): the address-space table, lanes and
 * aliases of a memory block, and the labels of gpumem blocks in its Monitors pane.
 */
package org.gpumem.ui.renderings;
