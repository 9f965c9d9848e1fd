/**
 * PTX text to decoded modules (internal; the host bundle and the fuzz tests are friends): lexing,
 * parsing, instruction decoding and type checks, register files, labels, calls (to a name, or
 * through a function's address: {@link org.gpumem.sim.ptx.PtxModule#functionAddress}), brx.idx
 * target lists, reconvergence points and shared layouts; malformed PTX is a
 * {@link org.gpumem.sim.ptx.PtxException} naming the file and line.
 */
package org.gpumem.sim.ptx;
