/**
 * Building the {@link org.gpumem.model.MemoryState} of one launch: its context tree with a pool of
 * every storage of each context's scope ({@link org.gpumem.model.state.MemoryStateBuilder}).
 */
package org.gpumem.model.state;
