/**
 * Helpers every gpumem view shares (internal): editor inputs as local files, a read-only file
 * editor, text columns, and the latest of a view's background reads.
 */
package org.gpumem.ui.internal;
