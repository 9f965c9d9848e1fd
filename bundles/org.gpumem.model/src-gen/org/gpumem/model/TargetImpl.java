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

import org.eclipse.emf.ecore.util.EObjectContainmentEList;
import org.eclipse.emf.ecore.util.InternalEList;

/**
 * <!-- begin-user-doc -->
 * An implementation of the model object '<em><b>Target</b></em>'.
 * <!-- end-user-doc -->
 * <p>
 * The following features are implemented:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.TargetImpl#getName <em>Name</em>}</li>
 *   <li>{@link org.gpumem.model.TargetImpl#getArchitecture <em>Architecture</em>}</li>
 *   <li>{@link org.gpumem.model.TargetImpl#getSubgroupSize <em>Subgroup Size</em>}</li>
 *   <li>{@link org.gpumem.model.TargetImpl#getDescription <em>Description</em>}</li>
 *   <li>{@link org.gpumem.model.TargetImpl#getStorages <em>Storages</em>}</li>
 *   <li>{@link org.gpumem.model.TargetImpl#getAddressSpaces <em>Address Spaces</em>}</li>
 *   <li>{@link org.gpumem.model.TargetImpl#getDefaultSpace <em>Default Space</em>}</li>
 * </ul>
 *
 * @generated
 */
public class TargetImpl extends MinimalEObjectImpl.Container implements Target {
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
	 * The default value of the '{@link #getArchitecture() <em>Architecture</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getArchitecture()
	 * @generated
	 * @ordered
	 */
	protected static final String ARCHITECTURE_EDEFAULT = null;

	/**
	 * The cached value of the '{@link #getArchitecture() <em>Architecture</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getArchitecture()
	 * @generated
	 * @ordered
	 */
	protected String architecture = ARCHITECTURE_EDEFAULT;

	/**
	 * The default value of the '{@link #getSubgroupSize() <em>Subgroup Size</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getSubgroupSize()
	 * @generated
	 * @ordered
	 */
	protected static final int SUBGROUP_SIZE_EDEFAULT = 0;

	/**
	 * The cached value of the '{@link #getSubgroupSize() <em>Subgroup Size</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getSubgroupSize()
	 * @generated
	 * @ordered
	 */
	protected int subgroupSize = SUBGROUP_SIZE_EDEFAULT;

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
	 * The cached value of the '{@link #getStorages() <em>Storages</em>}' containment reference list.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getStorages()
	 * @generated
	 * @ordered
	 */
	protected EList<Storage> storages;

	/**
	 * The cached value of the '{@link #getAddressSpaces() <em>Address Spaces</em>}' containment reference list.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getAddressSpaces()
	 * @generated
	 * @ordered
	 */
	protected EList<AddressSpace> addressSpaces;

	/**
	 * The cached value of the '{@link #getDefaultSpace() <em>Default Space</em>}' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getDefaultSpace()
	 * @generated
	 * @ordered
	 */
	protected AddressSpace defaultSpace;

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	protected TargetImpl() {
		super();
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	protected EClass eStaticClass() {
		return GpumemPackage.Literals.TARGET;
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
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.TARGET__NAME, oldName, name));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public String getArchitecture() {
		return architecture;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setArchitecture(String newArchitecture) {
		String oldArchitecture = architecture;
		architecture = newArchitecture;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.TARGET__ARCHITECTURE, oldArchitecture, architecture));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public int getSubgroupSize() {
		return subgroupSize;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setSubgroupSize(int newSubgroupSize) {
		int oldSubgroupSize = subgroupSize;
		subgroupSize = newSubgroupSize;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.TARGET__SUBGROUP_SIZE, oldSubgroupSize, subgroupSize));
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
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.TARGET__DESCRIPTION, oldDescription, description));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public EList<Storage> getStorages() {
		if (storages == null) {
			storages = new EObjectContainmentEList<Storage>(Storage.class, this, GpumemPackage.TARGET__STORAGES);
		}
		return storages;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public EList<AddressSpace> getAddressSpaces() {
		if (addressSpaces == null) {
			addressSpaces = new EObjectContainmentEList<AddressSpace>(AddressSpace.class, this, GpumemPackage.TARGET__ADDRESS_SPACES);
		}
		return addressSpaces;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public AddressSpace getDefaultSpace() {
		if (defaultSpace != null && defaultSpace.eIsProxy()) {
			InternalEObject oldDefaultSpace = (InternalEObject)defaultSpace;
			defaultSpace = (AddressSpace)eResolveProxy(oldDefaultSpace);
			if (defaultSpace != oldDefaultSpace) {
				if (eNotificationRequired())
					eNotify(new ENotificationImpl(this, Notification.RESOLVE, GpumemPackage.TARGET__DEFAULT_SPACE, oldDefaultSpace, defaultSpace));
			}
		}
		return defaultSpace;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	public AddressSpace basicGetDefaultSpace() {
		return defaultSpace;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setDefaultSpace(AddressSpace newDefaultSpace) {
		AddressSpace oldDefaultSpace = defaultSpace;
		defaultSpace = newDefaultSpace;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.TARGET__DEFAULT_SPACE, oldDefaultSpace, defaultSpace));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public NotificationChain eInverseRemove(InternalEObject otherEnd, int featureID, NotificationChain msgs) {
		switch (featureID) {
			case GpumemPackage.TARGET__STORAGES:
				return ((InternalEList<?>)getStorages()).basicRemove(otherEnd, msgs);
			case GpumemPackage.TARGET__ADDRESS_SPACES:
				return ((InternalEList<?>)getAddressSpaces()).basicRemove(otherEnd, msgs);
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
			case GpumemPackage.TARGET__NAME:
				return getName();
			case GpumemPackage.TARGET__ARCHITECTURE:
				return getArchitecture();
			case GpumemPackage.TARGET__SUBGROUP_SIZE:
				return getSubgroupSize();
			case GpumemPackage.TARGET__DESCRIPTION:
				return getDescription();
			case GpumemPackage.TARGET__STORAGES:
				return getStorages();
			case GpumemPackage.TARGET__ADDRESS_SPACES:
				return getAddressSpaces();
			case GpumemPackage.TARGET__DEFAULT_SPACE:
				if (resolve) return getDefaultSpace();
				return basicGetDefaultSpace();
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
			case GpumemPackage.TARGET__NAME:
				setName((String)newValue);
				return;
			case GpumemPackage.TARGET__ARCHITECTURE:
				setArchitecture((String)newValue);
				return;
			case GpumemPackage.TARGET__SUBGROUP_SIZE:
				setSubgroupSize((Integer)newValue);
				return;
			case GpumemPackage.TARGET__DESCRIPTION:
				setDescription((String)newValue);
				return;
			case GpumemPackage.TARGET__STORAGES:
				getStorages().clear();
				getStorages().addAll((Collection<? extends Storage>)newValue);
				return;
			case GpumemPackage.TARGET__ADDRESS_SPACES:
				getAddressSpaces().clear();
				getAddressSpaces().addAll((Collection<? extends AddressSpace>)newValue);
				return;
			case GpumemPackage.TARGET__DEFAULT_SPACE:
				setDefaultSpace((AddressSpace)newValue);
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
			case GpumemPackage.TARGET__NAME:
				setName(NAME_EDEFAULT);
				return;
			case GpumemPackage.TARGET__ARCHITECTURE:
				setArchitecture(ARCHITECTURE_EDEFAULT);
				return;
			case GpumemPackage.TARGET__SUBGROUP_SIZE:
				setSubgroupSize(SUBGROUP_SIZE_EDEFAULT);
				return;
			case GpumemPackage.TARGET__DESCRIPTION:
				setDescription(DESCRIPTION_EDEFAULT);
				return;
			case GpumemPackage.TARGET__STORAGES:
				getStorages().clear();
				return;
			case GpumemPackage.TARGET__ADDRESS_SPACES:
				getAddressSpaces().clear();
				return;
			case GpumemPackage.TARGET__DEFAULT_SPACE:
				setDefaultSpace((AddressSpace)null);
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
			case GpumemPackage.TARGET__NAME:
				return NAME_EDEFAULT == null ? name != null : !NAME_EDEFAULT.equals(name);
			case GpumemPackage.TARGET__ARCHITECTURE:
				return ARCHITECTURE_EDEFAULT == null ? architecture != null : !ARCHITECTURE_EDEFAULT.equals(architecture);
			case GpumemPackage.TARGET__SUBGROUP_SIZE:
				return subgroupSize != SUBGROUP_SIZE_EDEFAULT;
			case GpumemPackage.TARGET__DESCRIPTION:
				return DESCRIPTION_EDEFAULT == null ? description != null : !DESCRIPTION_EDEFAULT.equals(description);
			case GpumemPackage.TARGET__STORAGES:
				return storages != null && !storages.isEmpty();
			case GpumemPackage.TARGET__ADDRESS_SPACES:
				return addressSpaces != null && !addressSpaces.isEmpty();
			case GpumemPackage.TARGET__DEFAULT_SPACE:
				return defaultSpace != null;
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
		result.append(", architecture: ");
		result.append(architecture);
		result.append(", subgroupSize: ");
		result.append(subgroupSize);
		result.append(", description: ");
		result.append(description);
		result.append(')');
		return result.toString();
	}

} //TargetImpl
