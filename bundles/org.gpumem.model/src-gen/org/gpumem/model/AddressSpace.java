/**
 */
package org.gpumem.model;

import org.eclipse.emf.common.util.EList;

import org.eclipse.emf.ecore.EObject;

/**
 * <!-- begin-user-doc -->
 * A representation of the model object '<em><b>Address Space</b></em>'.
 * <!-- end-user-doc -->
 *
 * <p>
 * The following features are supported:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.AddressSpace#getName <em>Name</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpace#getDwarfNumber <em>Dwarf Number</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpace#getAliases <em>Aliases</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpace#getVendorCodes <em>Vendor Codes</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpace#getAddressBits <em>Address Bits</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpace#isReadOnly <em>Read Only</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpace#getScope <em>Scope</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpace#getAccess <em>Access</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpace#getDescription <em>Description</em>}</li>
 * </ul>
 *
 * @see org.gpumem.model.GpumemPackage#getAddressSpace()
 * @model
 * @generated
 */
public interface AddressSpace extends EObject {
	/**
	 * Returns the value of the '<em><b>Name</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Name</em>' attribute.
	 * @see #setName(String)
	 * @see org.gpumem.model.GpumemPackage#getAddressSpace_Name()
	 * @model
	 * @generated
	 */
	String getName();

	/**
	 * Sets the value of the '{@link org.gpumem.model.AddressSpace#getName <em>Name</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Name</em>' attribute.
	 * @see #getName()
	 * @generated
	 */
	void setName(String value);

	/**
	 * Returns the value of the '<em><b>Dwarf Number</b></em>' attribute.
	 * The default value is <code>"-1"</code>.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * <!-- begin-model-doc -->
	 * DWARF address-space identifier (DW_AT_address_space, DW_OP_mem); -1 when the target's ABI assigns none.
	 * <!-- end-model-doc -->
	 * @return the value of the '<em>Dwarf Number</em>' attribute.
	 * @see #setDwarfNumber(long)
	 * @see org.gpumem.model.GpumemPackage#getAddressSpace_DwarfNumber()
	 * @model default="-1"
	 * @generated
	 */
	long getDwarfNumber();

	/**
	 * Sets the value of the '{@link org.gpumem.model.AddressSpace#getDwarfNumber <em>Dwarf Number</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Dwarf Number</em>' attribute.
	 * @see #getDwarfNumber()
	 * @generated
	 */
	void setDwarfNumber(long value);

	/**
	 * Returns the value of the '<em><b>Aliases</b></em>' attribute list.
	 * The list contents are of type {@link java.lang.String}.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * <!-- begin-model-doc -->
	 * Other names of the space (vendor and language spellings).
	 * <!-- end-model-doc -->
	 * @return the value of the '<em>Aliases</em>' attribute list.
	 * @see org.gpumem.model.GpumemPackage#getAddressSpace_Aliases()
	 * @model
	 * @generated
	 */
	EList<String> getAliases();

	/**
	 * Returns the value of the '<em><b>Vendor Codes</b></em>' containment reference list.
	 * The list contents are of type {@link org.gpumem.model.VendorCode}.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Vendor Codes</em>' containment reference list.
	 * @see org.gpumem.model.GpumemPackage#getAddressSpace_VendorCodes()
	 * @model containment="true"
	 * @generated
	 */
	EList<VendorCode> getVendorCodes();

	/**
	 * Returns the value of the '<em><b>Address Bits</b></em>' attribute.
	 * The default value is <code>"64"</code>.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Address Bits</em>' attribute.
	 * @see #setAddressBits(int)
	 * @see org.gpumem.model.GpumemPackage#getAddressSpace_AddressBits()
	 * @model default="64"
	 * @generated
	 */
	int getAddressBits();

	/**
	 * Sets the value of the '{@link org.gpumem.model.AddressSpace#getAddressBits <em>Address Bits</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Address Bits</em>' attribute.
	 * @see #getAddressBits()
	 * @generated
	 */
	void setAddressBits(int value);

	/**
	 * Returns the value of the '<em><b>Read Only</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Read Only</em>' attribute.
	 * @see #setReadOnly(boolean)
	 * @see org.gpumem.model.GpumemPackage#getAddressSpace_ReadOnly()
	 * @model
	 * @generated
	 */
	boolean isReadOnly();

	/**
	 * Sets the value of the '{@link org.gpumem.model.AddressSpace#isReadOnly <em>Read Only</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Read Only</em>' attribute.
	 * @see #isReadOnly()
	 * @generated
	 */
	void setReadOnly(boolean value);

	/**
	 * Returns the value of the '<em><b>Scope</b></em>' attribute.
	 * The literals are from the enumeration {@link org.gpumem.model.Scope}.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Scope</em>' attribute.
	 * @see org.gpumem.model.Scope
	 * @see #setScope(Scope)
	 * @see org.gpumem.model.GpumemPackage#getAddressSpace_Scope()
	 * @model
	 * @generated
	 */
	Scope getScope();

	/**
	 * Sets the value of the '{@link org.gpumem.model.AddressSpace#getScope <em>Scope</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Scope</em>' attribute.
	 * @see org.gpumem.model.Scope
	 * @see #getScope()
	 * @generated
	 */
	void setScope(Scope value);

	/**
	 * Returns the value of the '<em><b>Access</b></em>' containment reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Access</em>' containment reference.
	 * @see #setAccess(AccessPattern)
	 * @see org.gpumem.model.GpumemPackage#getAddressSpace_Access()
	 * @model containment="true" required="true"
	 * @generated
	 */
	AccessPattern getAccess();

	/**
	 * Sets the value of the '{@link org.gpumem.model.AddressSpace#getAccess <em>Access</em>}' containment reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Access</em>' containment reference.
	 * @see #getAccess()
	 * @generated
	 */
	void setAccess(AccessPattern value);

	/**
	 * Returns the value of the '<em><b>Description</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the value of the '<em>Description</em>' attribute.
	 * @see #setDescription(String)
	 * @see org.gpumem.model.GpumemPackage#getAddressSpace_Description()
	 * @model
	 * @generated
	 */
	String getDescription();

	/**
	 * Sets the value of the '{@link org.gpumem.model.AddressSpace#getDescription <em>Description</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @param value the new value of the '<em>Description</em>' attribute.
	 * @see #getDescription()
	 * @generated
	 */
	void setDescription(String value);

} // AddressSpace
