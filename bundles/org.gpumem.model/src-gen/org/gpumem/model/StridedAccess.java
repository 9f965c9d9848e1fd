/**
 */
package org.gpumem.model;


/**
 * <!-- begin-user-doc -->
 * A representation of the model object '<em><b>Strided Access</b></em>'.
 * <!-- end-user-doc -->
 *
 * <!-- begin-model-doc -->
 * Element i of the space (elementSize bytes) is at pool offset base + i * stride; the view of lane l is shifted by l * laneStride.
 * <!-- end-model-doc -->
 *
 * <p>
 * The following features are supported:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.StridedAccess#getStorage <em>Storage</em>}</li>
 *   <li>{@link org.gpumem.model.StridedAccess#getBase <em>Base</em>}</li>
 *   <li>{@link org.gpumem.model.StridedAccess#getElementSize <em>Element Size</em>}</li>
 *   <li>{@link org.gpumem.model.StridedAccess#getStride <em>Stride</em>}</li>
 *   <li>{@link org.gpumem.model.StridedAccess#getLaneStride <em>Lane Stride</em>}</li>
 * </ul>
 *
 * @see org.gpumem.model.GpumemPackage#getStridedAccess()
 * @model
 * @generated
 */
public interface StridedAccess extends AccessPattern {
	/**
	 * Returns the value of the '<em><b>Storage</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Storage</em>' reference.
	 * @see #setStorage(Storage)
	 * @see org.gpumem.model.GpumemPackage#getStridedAccess_Storage()
	 * @model required="true"
	 * @generated
	 */
	Storage getStorage();

	/**
	 * Sets the value of the '{@link org.gpumem.model.StridedAccess#getStorage <em>Storage</em>}' reference.
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
	 * @see org.gpumem.model.GpumemPackage#getStridedAccess_Base()
	 * @model
	 * @generated
	 */
	long getBase();

	/**
	 * Sets the value of the '{@link org.gpumem.model.StridedAccess#getBase <em>Base</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Base</em>' attribute.
	 * @see #getBase()
	 * @generated
	 */
	void setBase(long value);

	/**
	 * Returns the value of the '<em><b>Element Size</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Element Size</em>' attribute.
	 * @see #setElementSize(int)
	 * @see org.gpumem.model.GpumemPackage#getStridedAccess_ElementSize()
	 * @model
	 * @generated
	 */
	int getElementSize();

	/**
	 * Sets the value of the '{@link org.gpumem.model.StridedAccess#getElementSize <em>Element Size</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Element Size</em>' attribute.
	 * @see #getElementSize()
	 * @generated
	 */
	void setElementSize(int value);

	/**
	 * Returns the value of the '<em><b>Stride</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Stride</em>' attribute.
	 * @see #setStride(long)
	 * @see org.gpumem.model.GpumemPackage#getStridedAccess_Stride()
	 * @model
	 * @generated
	 */
	long getStride();

	/**
	 * Sets the value of the '{@link org.gpumem.model.StridedAccess#getStride <em>Stride</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Stride</em>' attribute.
	 * @see #getStride()
	 * @generated
	 */
	void setStride(long value);

	/**
	 * Returns the value of the '<em><b>Lane Stride</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Lane Stride</em>' attribute.
	 * @see #setLaneStride(long)
	 * @see org.gpumem.model.GpumemPackage#getStridedAccess_LaneStride()
	 * @model
	 * @generated
	 */
	long getLaneStride();

	/**
	 * Sets the value of the '{@link org.gpumem.model.StridedAccess#getLaneStride <em>Lane Stride</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Lane Stride</em>' attribute.
	 * @see #getLaneStride()
	 * @generated
	 */
	void setLaneStride(long value);

} // StridedAccess
