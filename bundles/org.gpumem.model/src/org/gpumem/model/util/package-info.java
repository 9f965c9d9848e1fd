/**
 * EMF's generated switch and adapter factory of the model, for the item providers of
 * org.gpumem.model.edit (its one friend).
 */
package org.gpumem.model.util;
