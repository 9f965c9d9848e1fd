/**
 */
package org.gpumem.model;

import org.eclipse.emf.ecore.EObject;

/**
 * <!-- begin-user-doc -->
 * A representation of the model object '<em><b>Location</b></em>'.
 * <!-- end-user-doc -->
 *
 * <!-- begin-model-doc -->
 * A memory location (context, address space, offset), as DW_OP_mem creates it.
 * <!-- end-model-doc -->
 *
 * <p>
 * The following features are supported:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.Location#getContext <em>Context</em>}</li>
 *   <li>{@link org.gpumem.model.Location#getSpace <em>Space</em>}</li>
 *   <li>{@link org.gpumem.model.Location#getOffset <em>Offset</em>}</li>
 * </ul>
 *
 * @see org.gpumem.model.GpumemPackage#getLocation()
 * @model
 * @generated
 */
public interface Location extends EObject {
	/**
	 * Returns the value of the '<em><b>Context</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Context</em>' reference.
	 * @see #setContext(Context)
	 * @see org.gpumem.model.GpumemPackage#getLocation_Context()
	 * @model
	 * @generated
	 */
	Context getContext();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Location#getContext <em>Context</em>}' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Context</em>' reference.
	 * @see #getContext()
	 * @generated
	 */
	void setContext(Context value);

	/**
	 * Returns the value of the '<em><b>Space</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Space</em>' reference.
	 * @see #setSpace(AddressSpace)
	 * @see org.gpumem.model.GpumemPackage#getLocation_Space()
	 * @model required="true"
	 * @generated
	 */
	AddressSpace getSpace();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Location#getSpace <em>Space</em>}' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Space</em>' reference.
	 * @see #getSpace()
	 * @generated
	 */
	void setSpace(AddressSpace value);

	/**
	 * Returns the value of the '<em><b>Offset</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Offset</em>' attribute.
	 * @see #setOffset(long)
	 * @see org.gpumem.model.GpumemPackage#getLocation_Offset()
	 * @model
	 * @generated
	 */
	long getOffset();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Location#getOffset <em>Offset</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Offset</em>' attribute.
	 * @see #getOffset()
	 * @generated
	 */
	void setOffset(long value);

} // Location
