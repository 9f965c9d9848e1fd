/**
 */
package org.gpumem.model;


/**
 * <!-- begin-user-doc -->
 * A representation of the model object '<em><b>Interleaved Access</b></em>'.
 * <!-- end-user-doc -->
 *
 * <!-- begin-model-doc -->
 * A per-lane view of a subgroup's pool in which the lanes' elements alternate: lane offset o of lane l is pool offset (o / elementSize) * laneCount * elementSize + l * elementSize + o % elementSize (AMD private_lane over private_wave, CUDA local memory).
 * <!-- end-model-doc -->
 *
 * <p>
 * The following features are supported:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.InterleavedAccess#getStorage <em>Storage</em>}</li>
 *   <li>{@link org.gpumem.model.InterleavedAccess#getElementSize <em>Element Size</em>}</li>
 *   <li>{@link org.gpumem.model.InterleavedAccess#getLaneCount <em>Lane Count</em>}</li>
 * </ul>
 *
 * @see org.gpumem.model.GpumemPackage#getInterleavedAccess()
 * @model
 * @generated
 */
public interface InterleavedAccess extends AccessPattern {
	/**
	 * Returns the value of the '<em><b>Storage</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Storage</em>' reference.
	 * @see #setStorage(Storage)
	 * @see org.gpumem.model.GpumemPackage#getInterleavedAccess_Storage()
	 * @model required="true"
	 * @generated
	 */
	Storage getStorage();

	/**
	 * Sets the value of the '{@link org.gpumem.model.InterleavedAccess#getStorage <em>Storage</em>}' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Storage</em>' reference.
	 * @see #getStorage()
	 * @generated
	 */
	void setStorage(Storage value);

	/**
	 * Returns the value of the '<em><b>Element Size</b></em>' attribute.
	 * The default value is <code>"4"</code>.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Element Size</em>' attribute.
	 * @see #setElementSize(int)
	 * @see org.gpumem.model.GpumemPackage#getInterleavedAccess_ElementSize()
	 * @model default="4"
	 * @generated
	 */
	int getElementSize();

	/**
	 * Sets the value of the '{@link org.gpumem.model.InterleavedAccess#getElementSize <em>Element Size</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Element Size</em>' attribute.
	 * @see #getElementSize()
	 * @generated
	 */
	void setElementSize(int value);

	/**
	 * Returns the value of the '<em><b>Lane Count</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Lane Count</em>' attribute.
	 * @see #setLaneCount(int)
	 * @see org.gpumem.model.GpumemPackage#getInterleavedAccess_LaneCount()
	 * @model
	 * @generated
	 */
	int getLaneCount();

	/**
	 * Sets the value of the '{@link org.gpumem.model.InterleavedAccess#getLaneCount <em>Lane Count</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Lane Count</em>' attribute.
	 * @see #getLaneCount()
	 * @generated
	 */
	void setLaneCount(int value);

} // InterleavedAccess
