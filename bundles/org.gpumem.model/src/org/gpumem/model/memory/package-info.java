/**
 * The bytes of a pool, read on demand: {@link org.gpumem.model.memory.ByteSource} and the
 * array- and page-backed sources; {@link org.gpumem.model.memory.MemoryUnavailableException}
 * when the owner of a source cannot serve it now (the kernel runs again, the session ended).
 */
package org.gpumem.model.memory;
