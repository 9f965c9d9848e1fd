/**
 * The shadow state of memory checks (internal): per device ({@link org.gpumem.sim.shadow.DeviceShadow},
 * the {@link org.gpumem.sim.check.MemoryChecker} of a checked device: global allocations with
 * their written bytes across launches and the bytes the program holds of each (a memory pool's
 * block handed out for fewer bytes than the block's: an access past them is past the end, and a
 * block handed out again starts unwritten, its earlier accesses forgotten), device-heap blocks,
 * findings), per launch
 * ({@link org.gpumem.sim.shadow.LaunchShadow}: epochs, identical findings counted) and per CTA
 * ({@link org.gpumem.sim.shadow.CtaShadow}: happens-before from barriers, warp synchronisations
 * with their masks, fences and release/acquire; shared and local written bytes; racecheck's last
 * accesses per word, {@link org.gpumem.sim.shadow.RaceShadow}: in global memory a word with one
 * live access is kept compact, 12 bytes, until a second must stay, and a word read by several
 * lanes of one instruction, or by threads of several CTAs at one site, stays compact with its second
 * read beside it), and the shared variable each
 * access's address was computed from
 * ({@link org.gpumem.sim.shadow.SharedBases}: a run past one array into the next). The execution
 * core feeds a CTA's shadow before each access executes, and only for checked launches:
 * unchecked ones never reach this package. It hands over a warp instruction's accesses at once
 * (the lanes' addresses in the CTA shadow's lane arrays): what is the same for every lane (bounds,
 * the shared variable or allocation, memcheck's tests) is checked once when all lanes pass it,
 * and each lane on its own otherwise, so the findings are those of checking lane by lane.
 * Racecheck takes such an instruction a word at a time only where it shows first that no lane
 * races and that the records end as lane by lane leaves them (weak shared reads, 64-bit and
 * vector ones as the words they span; weak global loads and stores of words no other thread
 * touched in the launch, or the thread's own; a full warp on consecutive aligned words, 4, 8 or
 * 16 bytes a lane, the commonest, in one pass testing the words and one writing them; weak
 * global loads of words holding no write they race with, as an input other threads read; weak
 * shared stores whose lanes' words go up in lane order and hold no access of the generation the
 * store is not ordered after, stamped straight into the records as the write lane by lane leaves
 * them), and a run of lanes whose bytes follow each other is one initcheck test of them when
 * none is unwritten (with racecheck or without).
 */
package org.gpumem.sim.shadow;
