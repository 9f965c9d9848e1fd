/**
 * gpumem's workbench contributions (internal: no bundle uses them): the GPU Memory perspective and
 * the ids of gpumem's views.
 */
package org.gpumem.ui;
