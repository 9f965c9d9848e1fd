/**
 */
package org.gpumem.model;

import org.eclipse.emf.ecore.EObject;

/**
 * <!-- begin-user-doc -->
 * A representation of the model object '<em><b>Storage</b></em>'.
 * <!-- end-user-doc -->
 *
 * <!-- begin-model-doc -->
 * A kind of physical memory: every context of its scope owns one pool of it (one LDS per work-group, one scratch area per wavefront).
 * <!-- end-model-doc -->
 *
 * <p>
 * The following features are supported:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.Storage#getName <em>Name</em>}</li>
 *   <li>{@link org.gpumem.model.Storage#getScope <em>Scope</em>}</li>
 *   <li>{@link org.gpumem.model.Storage#getDefaultSize <em>Default Size</em>}</li>
 *   <li>{@link org.gpumem.model.Storage#isReadOnly <em>Read Only</em>}</li>
 * </ul>
 *
 * @see org.gpumem.model.GpumemPackage#getStorage()
 * @model
 * @generated
 */
public interface Storage extends EObject {
	/**
	 * Returns the value of the '<em><b>Name</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Name</em>' attribute.
	 * @see #setName(String)
	 * @see org.gpumem.model.GpumemPackage#getStorage_Name()
	 * @model
	 * @generated
	 */
	String getName();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Storage#getName <em>Name</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Name</em>' attribute.
	 * @see #getName()
	 * @generated
	 */
	void setName(String value);

	/**
	 * Returns the value of the '<em><b>Scope</b></em>' attribute.
	 * The literals are from the enumeration {@link org.gpumem.model.Scope}.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Scope</em>' attribute.
	 * @see org.gpumem.model.Scope
	 * @see #setScope(Scope)
	 * @see org.gpumem.model.GpumemPackage#getStorage_Scope()
	 * @model
	 * @generated
	 */
	Scope getScope();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Storage#getScope <em>Scope</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Scope</em>' attribute.
	 * @see org.gpumem.model.Scope
	 * @see #getScope()
	 * @generated
	 */
	void setScope(Scope value);

	/**
	 * Returns the value of the '<em><b>Default Size</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * <!-- begin-model-doc -->
	 * Pool size used when a launch does not say otherwise.
	 * <!-- end-model-doc -->
	 * @return the value of the '<em>Default Size</em>' attribute.
	 * @see #setDefaultSize(long)
	 * @see org.gpumem.model.GpumemPackage#getStorage_DefaultSize()
	 * @model
	 * @generated
	 */
	long getDefaultSize();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Storage#getDefaultSize <em>Default Size</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Default Size</em>' attribute.
	 * @see #getDefaultSize()
	 * @generated
	 */
	void setDefaultSize(long value);

	/**
	 * Returns the value of the '<em><b>Read Only</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Read Only</em>' attribute.
	 * @see #setReadOnly(boolean)
	 * @see org.gpumem.model.GpumemPackage#getStorage_ReadOnly()
	 * @model
	 * @generated
	 */
	boolean isReadOnly();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Storage#isReadOnly <em>Read Only</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Read Only</em>' attribute.
	 * @see #isReadOnly()
	 * @generated
	 */
	void setReadOnly(boolean value);

} // Storage
