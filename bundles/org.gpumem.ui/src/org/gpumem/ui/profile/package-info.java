/**
 * The Address-Space Profile view (internal): per source line, where a launch's generic accesses
 * resolved and how many cvta conversions ran.
 */
package org.gpumem.ui.profile;
