/**
 */
package org.gpumem.model;

import org.eclipse.emf.common.util.EList;

import org.eclipse.emf.ecore.EObject;

/**
 * <!-- begin-user-doc -->
 * A representation of the model object '<em><b>Context</b></em>'.
 * <!-- end-user-doc -->
 *
 * <!-- begin-model-doc -->
 * One instance of an execution level: device, grid (launch), work-group (CTA), subgroup (warp, wavefront) or lane (thread), with the pools whose scope is that level.
 * <!-- end-model-doc -->
 *
 * <p>
 * The following features are supported:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.Context#getScope <em>Scope</em>}</li>
 *   <li>{@link org.gpumem.model.Context#getIndex <em>Index</em>}</li>
 *   <li>{@link org.gpumem.model.Context#getX <em>X</em>}</li>
 *   <li>{@link org.gpumem.model.Context#getY <em>Y</em>}</li>
 *   <li>{@link org.gpumem.model.Context#getZ <em>Z</em>}</li>
 *   <li>{@link org.gpumem.model.Context#getName <em>Name</em>}</li>
 *   <li>{@link org.gpumem.model.Context#getPools <em>Pools</em>}</li>
 *   <li>{@link org.gpumem.model.Context#getChildren <em>Children</em>}</li>
 *   <li>{@link org.gpumem.model.Context#getParent <em>Parent</em>}</li>
 * </ul>
 *
 * @see org.gpumem.model.GpumemPackage#getContext()
 * @model
 * @generated
 */
public interface Context extends EObject {
	/**
	 * Returns the value of the '<em><b>Scope</b></em>' attribute.
	 * The literals are from the enumeration {@link org.gpumem.model.Scope}.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Scope</em>' attribute.
	 * @see org.gpumem.model.Scope
	 * @see #setScope(Scope)
	 * @see org.gpumem.model.GpumemPackage#getContext_Scope()
	 * @model
	 * @generated
	 */
	Scope getScope();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Context#getScope <em>Scope</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Scope</em>' attribute.
	 * @see org.gpumem.model.Scope
	 * @see #getScope()
	 * @generated
	 */
	void setScope(Scope value);

	/**
	 * Returns the value of the '<em><b>Index</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * <!-- begin-model-doc -->
	 * Position among the siblings: the lane id within its subgroup, the subgroup within its work-group, the linear work-group id.
	 * <!-- end-model-doc -->
	 * @return the value of the '<em>Index</em>' attribute.
	 * @see #setIndex(int)
	 * @see org.gpumem.model.GpumemPackage#getContext_Index()
	 * @model
	 * @generated
	 */
	int getIndex();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Context#getIndex <em>Index</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Index</em>' attribute.
	 * @see #getIndex()
	 * @generated
	 */
	void setIndex(int value);

	/**
	 * Returns the value of the '<em><b>X</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>X</em>' attribute.
	 * @see #setX(int)
	 * @see org.gpumem.model.GpumemPackage#getContext_X()
	 * @model
	 * @generated
	 */
	int getX();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Context#getX <em>X</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>X</em>' attribute.
	 * @see #getX()
	 * @generated
	 */
	void setX(int value);

	/**
	 * Returns the value of the '<em><b>Y</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Y</em>' attribute.
	 * @see #setY(int)
	 * @see org.gpumem.model.GpumemPackage#getContext_Y()
	 * @model
	 * @generated
	 */
	int getY();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Context#getY <em>Y</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Y</em>' attribute.
	 * @see #getY()
	 * @generated
	 */
	void setY(int value);

	/**
	 * Returns the value of the '<em><b>Z</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Z</em>' attribute.
	 * @see #setZ(int)
	 * @see org.gpumem.model.GpumemPackage#getContext_Z()
	 * @model
	 * @generated
	 */
	int getZ();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Context#getZ <em>Z</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Z</em>' attribute.
	 * @see #getZ()
	 * @generated
	 */
	void setZ(int value);

	/**
	 * Returns the value of the '<em><b>Name</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Name</em>' attribute.
	 * @see #setName(String)
	 * @see org.gpumem.model.GpumemPackage#getContext_Name()
	 * @model
	 * @generated
	 */
	String getName();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Context#getName <em>Name</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Name</em>' attribute.
	 * @see #getName()
	 * @generated
	 */
	void setName(String value);

	/**
	 * Returns the value of the '<em><b>Pools</b></em>' containment reference list.
	 * The list contents are of type {@link org.gpumem.model.Pool}.
	 * It is bidirectional and its opposite is '{@link org.gpumem.model.Pool#getOwner <em>Owner</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Pools</em>' containment reference list.
	 * @see org.gpumem.model.GpumemPackage#getContext_Pools()
	 * @see org.gpumem.model.Pool#getOwner
	 * @model opposite="owner" containment="true"
	 * @generated
	 */
	EList<Pool> getPools();

	/**
	 * Returns the value of the '<em><b>Children</b></em>' containment reference list.
	 * The list contents are of type {@link org.gpumem.model.Context}.
	 * It is bidirectional and its opposite is '{@link org.gpumem.model.Context#getParent <em>Parent</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Children</em>' containment reference list.
	 * @see org.gpumem.model.GpumemPackage#getContext_Children()
	 * @see org.gpumem.model.Context#getParent
	 * @model opposite="parent" containment="true"
	 * @generated
	 */
	EList<Context> getChildren();

	/**
	 * Returns the value of the '<em><b>Parent</b></em>' container reference.
	 * It is bidirectional and its opposite is '{@link org.gpumem.model.Context#getChildren <em>Children</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Parent</em>' container reference.
	 * @see #setParent(Context)
	 * @see org.gpumem.model.GpumemPackage#getContext_Parent()
	 * @see org.gpumem.model.Context#getChildren
	 * @model opposite="children"
	 * @generated
	 */
	Context getParent();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Context#getParent <em>Parent</em>}' container reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Parent</em>' container reference.
	 * @see #getParent()
	 * @generated
	 */
	void setParent(Context value);

} // Context
