/**
 * What the arithmetic instructions compute from register values (internal): integer, float and
 * half-precision arithmetic in every rounding mode, comparisons, conversions, bit fields, carries,
 * the video instructions,
 * the new value of an atomic's word, and the per-warp loops of the register-to-register
 * instructions over them. Nothing here knows warps, memory or scheduling: every execution engine
 * calls these functions, so that both engines compute the same bits.
 */
package org.gpumem.sim.exec.scalar;
