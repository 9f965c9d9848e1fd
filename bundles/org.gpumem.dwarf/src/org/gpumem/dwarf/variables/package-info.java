/**
 * The variables and parameters of a DWARF file as {@code gpumem dwarf} lists them
 * ({@link org.gpumem.dwarf.variables.VariableLister}): name, type name, declaration, address
 * space and location, told from the file alone ({@link org.gpumem.dwarf.variables.StaticContext});
 * and the counts of {@code gpumem dwarf --stats} ({@link org.gpumem.dwarf.variables.DwarfStatistics}).
 */
package org.gpumem.dwarf.variables;
