/**
 */
package org.gpumem.model;

import java.util.Collection;

import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.common.notify.NotificationChain;

import org.eclipse.emf.common.util.EList;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.InternalEObject;

import org.eclipse.emf.ecore.impl.ENotificationImpl;
import org.eclipse.emf.ecore.impl.MinimalEObjectImpl;

import org.eclipse.emf.ecore.util.EDataTypeUniqueEList;
import org.eclipse.emf.ecore.util.EObjectContainmentEList;
import org.eclipse.emf.ecore.util.InternalEList;

/**
 * <!-- begin-user-doc -->
 * An implementation of the model object '<em><b>Address Space</b></em>'.
 * <!-- end-user-doc -->
 * <p>
 * The following features are implemented:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.AddressSpaceImpl#getName <em>Name</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpaceImpl#getDwarfNumber <em>Dwarf Number</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpaceImpl#getAliases <em>Aliases</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpaceImpl#getVendorCodes <em>Vendor Codes</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpaceImpl#getAddressBits <em>Address Bits</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpaceImpl#isReadOnly <em>Read Only</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpaceImpl#getScope <em>Scope</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpaceImpl#getAccess <em>Access</em>}</li>
 *   <li>{@link org.gpumem.model.AddressSpaceImpl#getDescription <em>Description</em>}</li>
 * </ul>
 *
 * @generated
 */
public class AddressSpaceImpl extends MinimalEObjectImpl.Container implements AddressSpace {
	/**
	 * The default value of the '{@link #getName() <em>Name</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getName()
	 * @generated
	 * @ordered
	 */
	protected static final String NAME_EDEFAULT = null;

	/**
	 * The cached value of the '{@link #getName() <em>Name</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getName()
	 * @generated
	 * @ordered
	 */
	protected String name = NAME_EDEFAULT;

	/**
	 * The default value of the '{@link #getDwarfNumber() <em>Dwarf Number</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getDwarfNumber()
	 * @generated
	 * @ordered
	 */
	protected static final long DWARF_NUMBER_EDEFAULT = -1L;

	/**
	 * The cached value of the '{@link #getDwarfNumber() <em>Dwarf Number</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getDwarfNumber()
	 * @generated
	 * @ordered
	 */
	protected long dwarfNumber = DWARF_NUMBER_EDEFAULT;

	/**
	 * The cached value of the '{@link #getAliases() <em>Aliases</em>}' attribute list.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getAliases()
	 * @generated
	 * @ordered
	 */
	protected EList<String> aliases;

	/**
	 * The cached value of the '{@link #getVendorCodes() <em>Vendor Codes</em>}' containment reference list.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getVendorCodes()
	 * @generated
	 * @ordered
	 */
	protected EList<VendorCode> vendorCodes;

	/**
	 * The default value of the '{@link #getAddressBits() <em>Address Bits</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getAddressBits()
	 * @generated
	 * @ordered
	 */
	protected static final int ADDRESS_BITS_EDEFAULT = 64;

	/**
	 * The cached value of the '{@link #getAddressBits() <em>Address Bits</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getAddressBits()
	 * @generated
	 * @ordered
	 */
	protected int addressBits = ADDRESS_BITS_EDEFAULT;

	/**
	 * The default value of the '{@link #isReadOnly() <em>Read Only</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #isReadOnly()
	 * @generated
	 * @ordered
	 */
	protected static final boolean READ_ONLY_EDEFAULT = false;

	/**
	 * The cached value of the '{@link #isReadOnly() <em>Read Only</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #isReadOnly()
	 * @generated
	 * @ordered
	 */
	protected boolean readOnly = READ_ONLY_EDEFAULT;

	/**
	 * The default value of the '{@link #getScope() <em>Scope</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getScope()
	 * @generated
	 * @ordered
	 */
	protected static final Scope SCOPE_EDEFAULT = Scope.SYSTEM;

	/**
	 * The cached value of the '{@link #getScope() <em>Scope</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getScope()
	 * @generated
	 * @ordered
	 */
	protected Scope scope = SCOPE_EDEFAULT;

	/**
	 * The cached value of the '{@link #getAccess() <em>Access</em>}' containment reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getAccess()
	 * @generated
	 * @ordered
	 */
	protected AccessPattern access;

	/**
	 * The default value of the '{@link #getDescription() <em>Description</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getDescription()
	 * @generated
	 * @ordered
	 */
	protected static final String DESCRIPTION_EDEFAULT = null;

	/**
	 * The cached value of the '{@link #getDescription() <em>Description</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getDescription()
	 * @generated
	 * @ordered
	 */
	protected String description = DESCRIPTION_EDEFAULT;

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	protected AddressSpaceImpl() {
		super();
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	protected EClass eStaticClass() {
		return GpumemPackage.Literals.ADDRESS_SPACE;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public String getName() {
		return name;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setName(String newName) {
		String oldName = name;
		name = newName;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.ADDRESS_SPACE__NAME, oldName, name));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public long getDwarfNumber() {
		return dwarfNumber;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setDwarfNumber(long newDwarfNumber) {
		long oldDwarfNumber = dwarfNumber;
		dwarfNumber = newDwarfNumber;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.ADDRESS_SPACE__DWARF_NUMBER, oldDwarfNumber, dwarfNumber));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public EList<String> getAliases() {
		if (aliases == null) {
			aliases = new EDataTypeUniqueEList<String>(String.class, this, GpumemPackage.ADDRESS_SPACE__ALIASES);
		}
		return aliases;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public EList<VendorCode> getVendorCodes() {
		if (vendorCodes == null) {
			vendorCodes = new EObjectContainmentEList<VendorCode>(VendorCode.class, this, GpumemPackage.ADDRESS_SPACE__VENDOR_CODES);
		}
		return vendorCodes;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public int getAddressBits() {
		return addressBits;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setAddressBits(int newAddressBits) {
		int oldAddressBits = addressBits;
		addressBits = newAddressBits;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.ADDRESS_SPACE__ADDRESS_BITS, oldAddressBits, addressBits));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public boolean isReadOnly() {
		return readOnly;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setReadOnly(boolean newReadOnly) {
		boolean oldReadOnly = readOnly;
		readOnly = newReadOnly;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.ADDRESS_SPACE__READ_ONLY, oldReadOnly, readOnly));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public Scope getScope() {
		return scope;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setScope(Scope newScope) {
		Scope oldScope = scope;
		scope = newScope == null ? SCOPE_EDEFAULT : newScope;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.ADDRESS_SPACE__SCOPE, oldScope, scope));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public AccessPattern getAccess() {
		return access;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	public NotificationChain basicSetAccess(AccessPattern newAccess, NotificationChain msgs) {
		AccessPattern oldAccess = access;
		access = newAccess;
		if (eNotificationRequired()) {
			ENotificationImpl notification = new ENotificationImpl(this, Notification.SET, GpumemPackage.ADDRESS_SPACE__ACCESS, oldAccess, newAccess);
			if (msgs == null) msgs = notification; else msgs.add(notification);
		}
		return msgs;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setAccess(AccessPattern newAccess) {
		if (newAccess != access) {
			NotificationChain msgs = null;
			if (access != null)
				msgs = ((InternalEObject)access).eInverseRemove(this, EOPPOSITE_FEATURE_BASE - GpumemPackage.ADDRESS_SPACE__ACCESS, null, msgs);
			if (newAccess != null)
				msgs = ((InternalEObject)newAccess).eInverseAdd(this, EOPPOSITE_FEATURE_BASE - GpumemPackage.ADDRESS_SPACE__ACCESS, null, msgs);
			msgs = basicSetAccess(newAccess, msgs);
			if (msgs != null) msgs.dispatch();
		}
		else if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.ADDRESS_SPACE__ACCESS, newAccess, newAccess));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public String getDescription() {
		return description;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setDescription(String newDescription) {
		String oldDescription = description;
		description = newDescription;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.ADDRESS_SPACE__DESCRIPTION, oldDescription, description));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public NotificationChain eInverseRemove(InternalEObject otherEnd, int featureID, NotificationChain msgs) {
		switch (featureID) {
			case GpumemPackage.ADDRESS_SPACE__VENDOR_CODES:
				return ((InternalEList<?>)getVendorCodes()).basicRemove(otherEnd, msgs);
			case GpumemPackage.ADDRESS_SPACE__ACCESS:
				return basicSetAccess(null, msgs);
		}
		return super.eInverseRemove(otherEnd, featureID, msgs);
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public Object eGet(int featureID, boolean resolve, boolean coreType) {
		switch (featureID) {
			case GpumemPackage.ADDRESS_SPACE__NAME:
				return getName();
			case GpumemPackage.ADDRESS_SPACE__DWARF_NUMBER:
				return getDwarfNumber();
			case GpumemPackage.ADDRESS_SPACE__ALIASES:
				return getAliases();
			case GpumemPackage.ADDRESS_SPACE__VENDOR_CODES:
				return getVendorCodes();
			case GpumemPackage.ADDRESS_SPACE__ADDRESS_BITS:
				return getAddressBits();
			case GpumemPackage.ADDRESS_SPACE__READ_ONLY:
				return isReadOnly();
			case GpumemPackage.ADDRESS_SPACE__SCOPE:
				return getScope();
			case GpumemPackage.ADDRESS_SPACE__ACCESS:
				return getAccess();
			case GpumemPackage.ADDRESS_SPACE__DESCRIPTION:
				return getDescription();
		}
		return super.eGet(featureID, resolve, coreType);
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@SuppressWarnings("unchecked")
	@Override
	public void eSet(int featureID, Object newValue) {
		switch (featureID) {
			case GpumemPackage.ADDRESS_SPACE__NAME:
				setName((String)newValue);
				return;
			case GpumemPackage.ADDRESS_SPACE__DWARF_NUMBER:
				setDwarfNumber((Long)newValue);
				return;
			case GpumemPackage.ADDRESS_SPACE__ALIASES:
				getAliases().clear();
				getAliases().addAll((Collection<? extends String>)newValue);
				return;
			case GpumemPackage.ADDRESS_SPACE__VENDOR_CODES:
				getVendorCodes().clear();
				getVendorCodes().addAll((Collection<? extends VendorCode>)newValue);
				return;
			case GpumemPackage.ADDRESS_SPACE__ADDRESS_BITS:
				setAddressBits((Integer)newValue);
				return;
			case GpumemPackage.ADDRESS_SPACE__READ_ONLY:
				setReadOnly((Boolean)newValue);
				return;
			case GpumemPackage.ADDRESS_SPACE__SCOPE:
				setScope((Scope)newValue);
				return;
			case GpumemPackage.ADDRESS_SPACE__ACCESS:
				setAccess((AccessPattern)newValue);
				return;
			case GpumemPackage.ADDRESS_SPACE__DESCRIPTION:
				setDescription((String)newValue);
				return;
		}
		super.eSet(featureID, newValue);
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void eUnset(int featureID) {
		switch (featureID) {
			case GpumemPackage.ADDRESS_SPACE__NAME:
				setName(NAME_EDEFAULT);
				return;
			case GpumemPackage.ADDRESS_SPACE__DWARF_NUMBER:
				setDwarfNumber(DWARF_NUMBER_EDEFAULT);
				return;
			case GpumemPackage.ADDRESS_SPACE__ALIASES:
				getAliases().clear();
				return;
			case GpumemPackage.ADDRESS_SPACE__VENDOR_CODES:
				getVendorCodes().clear();
				return;
			case GpumemPackage.ADDRESS_SPACE__ADDRESS_BITS:
				setAddressBits(ADDRESS_BITS_EDEFAULT);
				return;
			case GpumemPackage.ADDRESS_SPACE__READ_ONLY:
				setReadOnly(READ_ONLY_EDEFAULT);
				return;
			case GpumemPackage.ADDRESS_SPACE__SCOPE:
				setScope(SCOPE_EDEFAULT);
				return;
			case GpumemPackage.ADDRESS_SPACE__ACCESS:
				setAccess((AccessPattern)null);
				return;
			case GpumemPackage.ADDRESS_SPACE__DESCRIPTION:
				setDescription(DESCRIPTION_EDEFAULT);
				return;
		}
		super.eUnset(featureID);
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public boolean eIsSet(int featureID) {
		switch (featureID) {
			case GpumemPackage.ADDRESS_SPACE__NAME:
				return NAME_EDEFAULT == null ? name != null : !NAME_EDEFAULT.equals(name);
			case GpumemPackage.ADDRESS_SPACE__DWARF_NUMBER:
				return dwarfNumber != DWARF_NUMBER_EDEFAULT;
			case GpumemPackage.ADDRESS_SPACE__ALIASES:
				return aliases != null && !aliases.isEmpty();
			case GpumemPackage.ADDRESS_SPACE__VENDOR_CODES:
				return vendorCodes != null && !vendorCodes.isEmpty();
			case GpumemPackage.ADDRESS_SPACE__ADDRESS_BITS:
				return addressBits != ADDRESS_BITS_EDEFAULT;
			case GpumemPackage.ADDRESS_SPACE__READ_ONLY:
				return readOnly != READ_ONLY_EDEFAULT;
			case GpumemPackage.ADDRESS_SPACE__SCOPE:
				return scope != SCOPE_EDEFAULT;
			case GpumemPackage.ADDRESS_SPACE__ACCESS:
				return access != null;
			case GpumemPackage.ADDRESS_SPACE__DESCRIPTION:
				return DESCRIPTION_EDEFAULT == null ? description != null : !DESCRIPTION_EDEFAULT.equals(description);
		}
		return super.eIsSet(featureID);
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public String toString() {
		if (eIsProxy()) return super.toString();

		StringBuilder result = new StringBuilder(super.toString());
		result.append(" (name: ");
		result.append(name);
		result.append(", dwarfNumber: ");
		result.append(dwarfNumber);
		result.append(", aliases: ");
		result.append(aliases);
		result.append(", addressBits: ");
		result.append(addressBits);
		result.append(", readOnly: ");
		result.append(readOnly);
		result.append(", scope: ");
		result.append(scope);
		result.append(", description: ");
		result.append(description);
		result.append(')');
		return result.toString();
	}

} //AddressSpaceImpl
