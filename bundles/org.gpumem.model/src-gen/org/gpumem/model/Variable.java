/**
 */
package org.gpumem.model;

import org.eclipse.emf.ecore.EObject;

/**
 * <!-- begin-user-doc -->
 * A representation of the model object '<em><b>Variable</b></em>'.
 * <!-- end-user-doc -->
 *
 * <!-- begin-model-doc -->
 * A source variable as decoded from DWARF.
 * <!-- end-model-doc -->
 *
 * <p>
 * The following features are supported:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.Variable#getName <em>Name</em>}</li>
 *   <li>{@link org.gpumem.model.Variable#getTypeName <em>Type Name</em>}</li>
 *   <li>{@link org.gpumem.model.Variable#getByteSize <em>Byte Size</em>}</li>
 *   <li>{@link org.gpumem.model.Variable#getLocationDescription <em>Location Description</em>}</li>
 *   <li>{@link org.gpumem.model.Variable#getSpace <em>Space</em>}</li>
 *   <li>{@link org.gpumem.model.Variable#getOffset <em>Offset</em>}</li>
 *   <li>{@link org.gpumem.model.Variable#getDeclFile <em>Decl File</em>}</li>
 *   <li>{@link org.gpumem.model.Variable#getDeclLine <em>Decl Line</em>}</li>
 * </ul>
 *
 * @see org.gpumem.model.GpumemPackage#getVariable()
 * @model
 * @generated
 */
public interface Variable extends EObject {
	/**
	 * Returns the value of the '<em><b>Name</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Name</em>' attribute.
	 * @see #setName(String)
	 * @see org.gpumem.model.GpumemPackage#getVariable_Name()
	 * @model
	 * @generated
	 */
	String getName();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Variable#getName <em>Name</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Name</em>' attribute.
	 * @see #getName()
	 * @generated
	 */
	void setName(String value);

	/**
	 * Returns the value of the '<em><b>Type Name</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Type Name</em>' attribute.
	 * @see #setTypeName(String)
	 * @see org.gpumem.model.GpumemPackage#getVariable_TypeName()
	 * @model
	 * @generated
	 */
	String getTypeName();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Variable#getTypeName <em>Type Name</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Type Name</em>' attribute.
	 * @see #getTypeName()
	 * @generated
	 */
	void setTypeName(String value);

	/**
	 * Returns the value of the '<em><b>Byte Size</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Byte Size</em>' attribute.
	 * @see #setByteSize(long)
	 * @see org.gpumem.model.GpumemPackage#getVariable_ByteSize()
	 * @model
	 * @generated
	 */
	long getByteSize();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Variable#getByteSize <em>Byte Size</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Byte Size</em>' attribute.
	 * @see #getByteSize()
	 * @generated
	 */
	void setByteSize(long value);

	/**
	 * Returns the value of the '<em><b>Location Description</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * <!-- begin-model-doc -->
	 * The DWARF location description as text, e.g. "DW_OP_lit3 DW_OP_const1u 0x10 DW_OP_mem".
	 * <!-- end-model-doc -->
	 * @return the value of the '<em>Location Description</em>' attribute.
	 * @see #setLocationDescription(String)
	 * @see org.gpumem.model.GpumemPackage#getVariable_LocationDescription()
	 * @model
	 * @generated
	 */
	String getLocationDescription();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Variable#getLocationDescription <em>Location Description</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Location Description</em>' attribute.
	 * @see #getLocationDescription()
	 * @generated
	 */
	void setLocationDescription(String value);

	/**
	 * Returns the value of the '<em><b>Space</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * <!-- begin-model-doc -->
	 * Space of a memory location that does not depend on the program counter; null for register locations and location lists.
	 * <!-- end-model-doc -->
	 * @return the value of the '<em>Space</em>' reference.
	 * @see #setSpace(AddressSpace)
	 * @see org.gpumem.model.GpumemPackage#getVariable_Space()
	 * @model
	 * @generated
	 */
	AddressSpace getSpace();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Variable#getSpace <em>Space</em>}' reference.
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
	 * @see org.gpumem.model.GpumemPackage#getVariable_Offset()
	 * @model
	 * @generated
	 */
	long getOffset();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Variable#getOffset <em>Offset</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Offset</em>' attribute.
	 * @see #getOffset()
	 * @generated
	 */
	void setOffset(long value);

	/**
	 * Returns the value of the '<em><b>Decl File</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Decl File</em>' attribute.
	 * @see #setDeclFile(String)
	 * @see org.gpumem.model.GpumemPackage#getVariable_DeclFile()
	 * @model
	 * @generated
	 */
	String getDeclFile();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Variable#getDeclFile <em>Decl File</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Decl File</em>' attribute.
	 * @see #getDeclFile()
	 * @generated
	 */
	void setDeclFile(String value);

	/**
	 * Returns the value of the '<em><b>Decl Line</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Decl Line</em>' attribute.
	 * @see #setDeclLine(int)
	 * @see org.gpumem.model.GpumemPackage#getVariable_DeclLine()
	 * @model
	 * @generated
	 */
	int getDeclLine();

	/**
	 * Sets the value of the '{@link org.gpumem.model.Variable#getDeclLine <em>Decl Line</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Decl Line</em>' attribute.
	 * @see #getDeclLine()
	 * @generated
	 */
	void setDeclLine(int value);

} // Variable
