/**
 */
package org.gpumem.model;

import org.eclipse.emf.ecore.EObject;

/**
 * <!-- begin-user-doc -->
 * A representation of the model object '<em><b>Access Pattern</b></em>'.
 * <!-- end-user-doc -->
 *
 * <!-- begin-model-doc -->
 * How an offset in an address space lands in a pool.
 * <!-- end-model-doc -->
 *
 *
 * @see org.gpumem.model.GpumemPackage#getAccessPattern()
 * @model abstract="true"
 * @generated
 */
public interface AccessPattern extends EObject {
} // AccessPattern
