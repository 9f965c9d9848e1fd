/**
 */
package org.gpumem.model;


/**
 * <!-- begin-user-doc -->
 * A representation of the model object '<em><b>Linear Access</b></em>'.
 * <!-- end-user-doc -->
 *
 * <!-- begin-model-doc -->
 * Offset o is byte base + o of the storage's pool.
 * <!-- end-model-doc -->
 *
 * <p>
 * The following features are supported:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.LinearAccess#getStorage <em>Storage</em>}</li>
 *   <li>{@link org.gpumem.model.LinearAccess#getBase <em>Base</em>}</li>
 * </ul>
 *
 * @see org.gpumem.model.GpumemPackage#getLinearAccess()
 * @model
 * @generated
 */
public interface LinearAccess extends AccessPattern {
	/**
	 * Returns the value of the '<em><b>Storage</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Storage</em>' reference.
	 * @see #setStorage(Storage)
	 * @see org.gpumem.model.GpumemPackage#getLinearAccess_Storage()
	 * @model required="true"
	 * @generated
	 */
	Storage getStorage();

	/**
	 * Sets the value of the '{@link org.gpumem.model.LinearAccess#getStorage <em>Storage</em>}' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Storage</em>' reference.
	 * @see #getStorage()
	 * @generated
	 */
	void setStorage(Storage value);

	/**
	 * Returns the value of the '<em><b>Base</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Base</em>' attribute.
	 * @see #setBase(long)
	 * @see org.gpumem.model.GpumemPackage#getLinearAccess_Base()
	 * @model
	 * @generated
	 */
	long getBase();

	/**
	 * Sets the value of the '{@link org.gpumem.model.LinearAccess#getBase <em>Base</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Base</em>' attribute.
	 * @see #getBase()
	 * @generated
	 */
	void setBase(long value);

} // LinearAccess
