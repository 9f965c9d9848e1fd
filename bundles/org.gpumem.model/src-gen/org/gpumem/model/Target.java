/**
 */
package org.gpumem.model;

import org.eclipse.emf.common.util.EList;

import org.eclipse.emf.ecore.EObject;

/**
 * <!-- begin-user-doc -->
 * A representation of the model object '<em><b>Target</b></em>'.
 * <!-- end-user-doc -->
 *
 * <!-- begin-model-doc -->
 * A GPU architecture as a debugger sees it: its address spaces and the storages they reach.
 * <!-- end-model-doc -->
 *
 * <p>
 * The following features are supported:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.Target#getName <em>Name</em>}</li>
 *   <li>{@link org.gpumem.model.Target#getArchitecture <em>Architecture</em>}</li>
 *   <li>{@link org.gpumem.model.Target#getSubgroupSize <em>Subgroup Size</em>}</li>
 *   <li>{@link org.gpumem.model.Target#getDescription <em>Description</em>}</li>
 *   <li>{@link org.gpumem.model.Target#getStorages <em>Storages</em>}</li>
 *   <li>{@link org.gpumem.model.Target#getAddressSpaces <em>Address Spaces</em>}</li>
 *   <li>{@link org.gpumem.model.Target#getDefaultSpace <em>Default Space</em>}</li>
 * </ul>
 *
 * @see org.gpumem.model.GpumemPackage#getTarget()
 * @model
 * @generated
 */
public interface Target extends EObject {
	/**
	 * Returns the value of the '<em><b>Name</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Name</em>' attribute.
	 * @see #setName(String)
	 * @see org.gpumem.model.GpumemPackage#getTarget_Name()
	 * @model
	 * @generated
	 */
	String getName();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Target#getName <em>Name</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Name</em>' attribute.
	 * @see #getName()
	 * @generated
	 */
	void setName(String value);

	/**
	 * Returns the value of the '<em><b>Architecture</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * <!-- begin-model-doc -->
	 * Architecture string, e.g. "nvptx sm_90", "amdgcn gfx90a wave64", "intel xe".
	 * <!-- end-model-doc -->
	 * @return the value of the '<em>Architecture</em>' attribute.
	 * @see #setArchitecture(String)
	 * @see org.gpumem.model.GpumemPackage#getTarget_Architecture()
	 * @model
	 * @generated
	 */
	String getArchitecture();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Target#getArchitecture <em>Architecture</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Architecture</em>' attribute.
	 * @see #getArchitecture()
	 * @generated
	 */
	void setArchitecture(String value);

	/**
	 * Returns the value of the '<em><b>Subgroup Size</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * <!-- begin-model-doc -->
	 * Lanes per subgroup (warp, wavefront).
	 * <!-- end-model-doc -->
	 * @return the value of the '<em>Subgroup Size</em>' attribute.
	 * @see #setSubgroupSize(int)
	 * @see org.gpumem.model.GpumemPackage#getTarget_SubgroupSize()
	 * @model
	 * @generated
	 */
	int getSubgroupSize();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Target#getSubgroupSize <em>Subgroup Size</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Subgroup Size</em>' attribute.
	 * @see #getSubgroupSize()
	 * @generated
	 */
	void setSubgroupSize(int value);

	/**
	 * Returns the value of the '<em><b>Description</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Description</em>' attribute.
	 * @see #setDescription(String)
	 * @see org.gpumem.model.GpumemPackage#getTarget_Description()
	 * @model
	 * @generated
	 */
	String getDescription();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Target#getDescription <em>Description</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Description</em>' attribute.
	 * @see #getDescription()
	 * @generated
	 */
	void setDescription(String value);

	/**
	 * Returns the value of the '<em><b>Storages</b></em>' containment reference list.
	 * The list contents are of type {@link org.gpumem.model.Storage}.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Storages</em>' containment reference list.
	 * @see org.gpumem.model.GpumemPackage#getTarget_Storages()
	 * @model containment="true"
	 * @generated
	 */
	EList<Storage> getStorages();

	/**
	 * Returns the value of the '<em><b>Address Spaces</b></em>' containment reference list.
	 * The list contents are of type {@link org.gpumem.model.AddressSpace}.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Address Spaces</em>' containment reference list.
	 * @see org.gpumem.model.GpumemPackage#getTarget_AddressSpaces()
	 * @model containment="true"
	 * @generated
	 */
	EList<AddressSpace> getAddressSpaces();

	/**
	 * Returns the value of the '<em><b>Default Space</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * <!-- begin-model-doc -->
	 * DW_ASPACE_default of this target.
	 * <!-- end-model-doc -->
	 * @return the value of the '<em>Default Space</em>' reference.
	 * @see #setDefaultSpace(AddressSpace)
	 * @see org.gpumem.model.GpumemPackage#getTarget_DefaultSpace()
	 * @model
	 * @generated
	 */
	AddressSpace getDefaultSpace();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Target#getDefaultSpace <em>Default Space</em>}' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Default Space</em>' reference.
	 * @see #getDefaultSpace()
	 * @generated
	 */
	void setDefaultSpace(AddressSpace value);

} // Target
