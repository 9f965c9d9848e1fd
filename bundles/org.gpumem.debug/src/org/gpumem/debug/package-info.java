/**
 * The Eclipse debug model of gpumem: the identifiers its {@code plugin.xml} declares (launch
 * types, breakpoint marker, model id) that the UI refers to. The bundle turns the debug core
 * ({@code org.gpumem.debug.core}) into the Eclipse Platform's debug model; it owns no run
 * control, focus, variables or memory access of its own.
 *
 * <p>Promises: the identifiers here are the ones in the bundle's {@code plugin.xml}.
 */
package org.gpumem.debug;
