/**
 */
package org.gpumem.model;

import org.eclipse.emf.ecore.EObject;

/**
 * <!-- begin-user-doc -->
 * A representation of the model object '<em><b>Window</b></em>'.
 * <!-- end-user-doc -->
 *
 * <p>
 * The following features are supported:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.Window#getStart <em>Start</em>}</li>
 *   <li>{@link org.gpumem.model.Window#getLength <em>Length</em>}</li>
 *   <li>{@link org.gpumem.model.Window#getSpace <em>Space</em>}</li>
 * </ul>
 *
 * @see org.gpumem.model.GpumemPackage#getWindow()
 * @model
 * @generated
 */
public interface Window extends EObject {
	/**
	 * Returns the value of the '<em><b>Start</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Start</em>' attribute.
	 * @see #setStart(long)
	 * @see org.gpumem.model.GpumemPackage#getWindow_Start()
	 * @model
	 * @generated
	 */
	long getStart();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Window#getStart <em>Start</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Start</em>' attribute.
	 * @see #getStart()
	 * @generated
	 */
	void setStart(long value);

	/**
	 * Returns the value of the '<em><b>Length</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Length</em>' attribute.
	 * @see #setLength(long)
	 * @see org.gpumem.model.GpumemPackage#getWindow_Length()
	 * @model
	 * @generated
	 */
	long getLength();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Window#getLength <em>Length</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Length</em>' attribute.
	 * @see #getLength()
	 * @generated
	 */
	void setLength(long value);

	/**
	 * Returns the value of the '<em><b>Space</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * <!-- begin-model-doc -->
	 * Offset start + d of the windowed space is offset d of this space.
	 * <!-- end-model-doc -->
	 * @return the value of the '<em>Space</em>' reference.
	 * @see #setSpace(AddressSpace)
	 * @see org.gpumem.model.GpumemPackage#getWindow_Space()
	 * @model required="true"
	 * @generated
	 */
	AddressSpace getSpace();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Window#getSpace <em>Space</em>}' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Space</em>' reference.
	 * @see #getSpace()
	 * @generated
	 */
	void setSpace(AddressSpace value);

} // Window
