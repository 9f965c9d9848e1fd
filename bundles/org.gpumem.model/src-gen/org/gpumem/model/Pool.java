/**
 */
package org.gpumem.model;

import org.eclipse.emf.ecore.EObject;

import org.gpumem.model.memory.ByteSource;

/**
 * <!-- begin-user-doc -->
 * A representation of the model object '<em><b>Pool</b></em>'.
 * <!-- end-user-doc -->
 *
 * <!-- begin-model-doc -->
 * One instance of a storage, owned by a context. Its bytes are read through a ByteSource, never stored in the model.
 * <!-- end-model-doc -->
 *
 * <p>
 * The following features are supported:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.Pool#getStorage <em>Storage</em>}</li>
 *   <li>{@link org.gpumem.model.Pool#getSize <em>Size</em>}</li>
 *   <li>{@link org.gpumem.model.Pool#getKey <em>Key</em>}</li>
 *   <li>{@link org.gpumem.model.Pool#getSource <em>Source</em>}</li>
 *   <li>{@link org.gpumem.model.Pool#getOwner <em>Owner</em>}</li>
 * </ul>
 *
 * @see org.gpumem.model.GpumemPackage#getPool()
 * @model
 * @generated
 */
public interface Pool extends EObject {
	/**
	 * Returns the value of the '<em><b>Storage</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Storage</em>' reference.
	 * @see #setStorage(Storage)
	 * @see org.gpumem.model.GpumemPackage#getPool_Storage()
	 * @model required="true"
	 * @generated
	 */
	Storage getStorage();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Pool#getStorage <em>Storage</em>}' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Storage</em>' reference.
	 * @see #getStorage()
	 * @generated
	 */
	void setStorage(Storage value);

	/**
	 * Returns the value of the '<em><b>Size</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Size</em>' attribute.
	 * @see #setSize(long)
	 * @see org.gpumem.model.GpumemPackage#getPool_Size()
	 * @model
	 * @generated
	 */
	long getSize();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Pool#getSize <em>Size</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Size</em>' attribute.
	 * @see #getSize()
	 * @generated
	 */
	void setSize(long value);

	/**
	 * Returns the value of the '<em><b>Key</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * <!-- begin-model-doc -->
	 * Identifier of the pool's bytes in a snapshot's page file.
	 * <!-- end-model-doc -->
	 * @return the value of the '<em>Key</em>' attribute.
	 * @see #setKey(String)
	 * @see org.gpumem.model.GpumemPackage#getPool_Key()
	 * @model
	 * @generated
	 */
	String getKey();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Pool#getKey <em>Key</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Key</em>' attribute.
	 * @see #getKey()
	 * @generated
	 */
	void setKey(String value);

	/**
	 * Returns the value of the '<em><b>Source</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Source</em>' attribute.
	 * @see #setSource(ByteSource)
	 * @see org.gpumem.model.GpumemPackage#getPool_Source()
	 * @model dataType="org.gpumem.model.ByteSource" transient="true"
	 * @generated
	 */
	ByteSource getSource();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Pool#getSource <em>Source</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Source</em>' attribute.
	 * @see #getSource()
	 * @generated
	 */
	void setSource(ByteSource value);

	/**
	 * Returns the value of the '<em><b>Owner</b></em>' container reference.
	 * It is bidirectional and its opposite is '{@link org.gpumem.model.Context#getPools <em>Pools</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Owner</em>' container reference.
	 * @see #setOwner(Context)
	 * @see org.gpumem.model.GpumemPackage#getPool_Owner()
	 * @see org.gpumem.model.Context#getPools
	 * @model opposite="pools"
	 * @generated
	 */
	Context getOwner();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Pool#getOwner <em>Owner</em>}' container reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Owner</em>' container reference.
	 * @see #getOwner()
	 * @generated
	 */
	void setOwner(Context value);

} // Pool
