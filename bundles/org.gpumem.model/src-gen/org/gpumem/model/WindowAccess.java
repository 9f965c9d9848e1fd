/**
 */
package org.gpumem.model;

import org.eclipse.emf.common.util.EList;

/**
 * <!-- begin-user-doc -->
 * A representation of the model object '<em><b>Window Access</b></em>'.
 * <!-- end-user-doc -->
 *
 * <!-- begin-model-doc -->
 * Ranges of this space land in other spaces (generic -> shared/local); offsets outside every window go to the fallback space, or are invalid without one.
 * <!-- end-model-doc -->
 *
 * <p>
 * The following features are supported:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.WindowAccess#getWindows <em>Windows</em>}</li>
 *   <li>{@link org.gpumem.model.WindowAccess#getFallback <em>Fallback</em>}</li>
 * </ul>
 *
 * @see org.gpumem.model.GpumemPackage#getWindowAccess()
 * @model
 * @generated
 */
public interface WindowAccess extends AccessPattern {
	/**
	 * Returns the value of the '<em><b>Windows</b></em>' containment reference list.
	 * The list contents are of type {@link org.gpumem.model.Window}.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Windows</em>' containment reference list.
	 * @see org.gpumem.model.GpumemPackage#getWindowAccess_Windows()
	 * @model containment="true"
	 * @generated
	 */
	EList<Window> getWindows();

	/**
	 * Returns the value of the '<em><b>Fallback</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Fallback</em>' reference.
	 * @see #setFallback(AddressSpace)
	 * @see org.gpumem.model.GpumemPackage#getWindowAccess_Fallback()
	 * @model
	 * @generated
	 */
	AddressSpace getFallback();

	/**
	 * Sets the value of the '{@link org.gpumem.model.WindowAccess#getFallback <em>Fallback</em>}' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Fallback</em>' reference.
	 * @see #getFallback()
	 * @generated
	 */
	void setFallback(AddressSpace value);

} // WindowAccess
