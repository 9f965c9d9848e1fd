/**
 */
package org.gpumem.model;

import org.eclipse.emf.common.notify.Notification;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.InternalEObject;

import org.eclipse.emf.ecore.impl.ENotificationImpl;
import org.eclipse.emf.ecore.impl.MinimalEObjectImpl;

/**
 * <!-- begin-user-doc -->
 * An implementation of the model object '<em><b>Variable</b></em>'.
 * <!-- end-user-doc -->
 * <p>
 * The following features are implemented:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.VariableImpl#getName <em>Name</em>}</li>
 *   <li>{@link org.gpumem.model.VariableImpl#getTypeName <em>Type Name</em>}</li>
 *   <li>{@link org.gpumem.model.VariableImpl#getByteSize <em>Byte Size</em>}</li>
 *   <li>{@link org.gpumem.model.VariableImpl#getLocationDescription <em>Location Description</em>}</li>
 *   <li>{@link org.gpumem.model.VariableImpl#getSpace <em>Space</em>}</li>
 *   <li>{@link org.gpumem.model.VariableImpl#getOffset <em>Offset</em>}</li>
 *   <li>{@link org.gpumem.model.VariableImpl#getDeclFile <em>Decl File</em>}</li>
 *   <li>{@link org.gpumem.model.VariableImpl#getDeclLine <em>Decl Line</em>}</li>
 * </ul>
 *
 * @generated
 */
public class VariableImpl extends MinimalEObjectImpl.Container implements Variable {
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
	 * The default value of the '{@link #getTypeName() <em>Type Name</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getTypeName()
	 * @generated
	 * @ordered
	 */
	protected static final String TYPE_NAME_EDEFAULT = null;

	/**
	 * The cached value of the '{@link #getTypeName() <em>Type Name</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getTypeName()
	 * @generated
	 * @ordered
	 */
	protected String typeName = TYPE_NAME_EDEFAULT;

	/**
	 * The default value of the '{@link #getByteSize() <em>Byte Size</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getByteSize()
	 * @generated
	 * @ordered
	 */
	protected static final long BYTE_SIZE_EDEFAULT = 0L;

	/**
	 * The cached value of the '{@link #getByteSize() <em>Byte Size</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getByteSize()
	 * @generated
	 * @ordered
	 */
	protected long byteSize = BYTE_SIZE_EDEFAULT;

	/**
	 * The default value of the '{@link #getLocationDescription() <em>Location Description</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getLocationDescription()
	 * @generated
	 * @ordered
	 */
	protected static final String LOCATION_DESCRIPTION_EDEFAULT = null;

	/**
	 * The cached value of the '{@link #getLocationDescription() <em>Location Description</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getLocationDescription()
	 * @generated
	 * @ordered
	 */
	protected String locationDescription = LOCATION_DESCRIPTION_EDEFAULT;

	/**
	 * The cached value of the '{@link #getSpace() <em>Space</em>}' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getSpace()
	 * @generated
	 * @ordered
	 */
	protected AddressSpace space;

	/**
	 * The default value of the '{@link #getOffset() <em>Offset</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getOffset()
	 * @generated
	 * @ordered
	 */
	protected static final long OFFSET_EDEFAULT = 0L;

	/**
	 * The cached value of the '{@link #getOffset() <em>Offset</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getOffset()
	 * @generated
	 * @ordered
	 */
	protected long offset = OFFSET_EDEFAULT;

	/**
	 * The default value of the '{@link #getDeclFile() <em>Decl File</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getDeclFile()
	 * @generated
	 * @ordered
	 */
	protected static final String DECL_FILE_EDEFAULT = null;

	/**
	 * The cached value of the '{@link #getDeclFile() <em>Decl File</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getDeclFile()
	 * @generated
	 * @ordered
	 */
	protected String declFile = DECL_FILE_EDEFAULT;

	/**
	 * The default value of the '{@link #getDeclLine() <em>Decl Line</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getDeclLine()
	 * @generated
	 * @ordered
	 */
	protected static final int DECL_LINE_EDEFAULT = 0;

	/**
	 * The cached value of the '{@link #getDeclLine() <em>Decl Line</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getDeclLine()
	 * @generated
	 * @ordered
	 */
	protected int declLine = DECL_LINE_EDEFAULT;

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	protected VariableImpl() {
		super();
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	protected EClass eStaticClass() {
		return GpumemPackage.Literals.VARIABLE;
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
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.VARIABLE__NAME, oldName, name));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public String getTypeName() {
		return typeName;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setTypeName(String newTypeName) {
		String oldTypeName = typeName;
		typeName = newTypeName;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.VARIABLE__TYPE_NAME, oldTypeName, typeName));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public long getByteSize() {
		return byteSize;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setByteSize(long newByteSize) {
		long oldByteSize = byteSize;
		byteSize = newByteSize;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.VARIABLE__BYTE_SIZE, oldByteSize, byteSize));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public String getLocationDescription() {
		return locationDescription;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setLocationDescription(String newLocationDescription) {
		String oldLocationDescription = locationDescription;
		locationDescription = newLocationDescription;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.VARIABLE__LOCATION_DESCRIPTION, oldLocationDescription, locationDescription));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public AddressSpace getSpace() {
		if (space != null && space.eIsProxy()) {
			InternalEObject oldSpace = (InternalEObject)space;
			space = (AddressSpace)eResolveProxy(oldSpace);
			if (space != oldSpace) {
				if (eNotificationRequired())
					eNotify(new ENotificationImpl(this, Notification.RESOLVE, GpumemPackage.VARIABLE__SPACE, oldSpace, space));
			}
		}
		return space;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	public AddressSpace basicGetSpace() {
		return space;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setSpace(AddressSpace newSpace) {
		AddressSpace oldSpace = space;
		space = newSpace;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.VARIABLE__SPACE, oldSpace, space));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public long getOffset() {
		return offset;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setOffset(long newOffset) {
		long oldOffset = offset;
		offset = newOffset;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.VARIABLE__OFFSET, oldOffset, offset));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public String getDeclFile() {
		return declFile;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setDeclFile(String newDeclFile) {
		String oldDeclFile = declFile;
		declFile = newDeclFile;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.VARIABLE__DECL_FILE, oldDeclFile, declFile));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public int getDeclLine() {
		return declLine;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setDeclLine(int newDeclLine) {
		int oldDeclLine = declLine;
		declLine = newDeclLine;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.VARIABLE__DECL_LINE, oldDeclLine, declLine));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public Object eGet(int featureID, boolean resolve, boolean coreType) {
		switch (featureID) {
			case GpumemPackage.VARIABLE__NAME:
				return getName();
			case GpumemPackage.VARIABLE__TYPE_NAME:
				return getTypeName();
			case GpumemPackage.VARIABLE__BYTE_SIZE:
				return getByteSize();
			case GpumemPackage.VARIABLE__LOCATION_DESCRIPTION:
				return getLocationDescription();
			case GpumemPackage.VARIABLE__SPACE:
				if (resolve) return getSpace();
				return basicGetSpace();
			case GpumemPackage.VARIABLE__OFFSET:
				return getOffset();
			case GpumemPackage.VARIABLE__DECL_FILE:
				return getDeclFile();
			case GpumemPackage.VARIABLE__DECL_LINE:
				return getDeclLine();
		}
		return super.eGet(featureID, resolve, coreType);
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void eSet(int featureID, Object newValue) {
		switch (featureID) {
			case GpumemPackage.VARIABLE__NAME:
				setName((String)newValue);
				return;
			case GpumemPackage.VARIABLE__TYPE_NAME:
				setTypeName((String)newValue);
				return;
			case GpumemPackage.VARIABLE__BYTE_SIZE:
				setByteSize((Long)newValue);
				return;
			case GpumemPackage.VARIABLE__LOCATION_DESCRIPTION:
				setLocationDescription((String)newValue);
				return;
			case GpumemPackage.VARIABLE__SPACE:
				setSpace((AddressSpace)newValue);
				return;
			case GpumemPackage.VARIABLE__OFFSET:
				setOffset((Long)newValue);
				return;
			case GpumemPackage.VARIABLE__DECL_FILE:
				setDeclFile((String)newValue);
				return;
			case GpumemPackage.VARIABLE__DECL_LINE:
				setDeclLine((Integer)newValue);
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
			case GpumemPackage.VARIABLE__NAME:
				setName(NAME_EDEFAULT);
				return;
			case GpumemPackage.VARIABLE__TYPE_NAME:
				setTypeName(TYPE_NAME_EDEFAULT);
				return;
			case GpumemPackage.VARIABLE__BYTE_SIZE:
				setByteSize(BYTE_SIZE_EDEFAULT);
				return;
			case GpumemPackage.VARIABLE__LOCATION_DESCRIPTION:
				setLocationDescription(LOCATION_DESCRIPTION_EDEFAULT);
				return;
			case GpumemPackage.VARIABLE__SPACE:
				setSpace((AddressSpace)null);
				return;
			case GpumemPackage.VARIABLE__OFFSET:
				setOffset(OFFSET_EDEFAULT);
				return;
			case GpumemPackage.VARIABLE__DECL_FILE:
				setDeclFile(DECL_FILE_EDEFAULT);
				return;
			case GpumemPackage.VARIABLE__DECL_LINE:
				setDeclLine(DECL_LINE_EDEFAULT);
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
			case GpumemPackage.VARIABLE__NAME:
				return NAME_EDEFAULT == null ? name != null : !NAME_EDEFAULT.equals(name);
			case GpumemPackage.VARIABLE__TYPE_NAME:
				return TYPE_NAME_EDEFAULT == null ? typeName != null : !TYPE_NAME_EDEFAULT.equals(typeName);
			case GpumemPackage.VARIABLE__BYTE_SIZE:
				return byteSize != BYTE_SIZE_EDEFAULT;
			case GpumemPackage.VARIABLE__LOCATION_DESCRIPTION:
				return LOCATION_DESCRIPTION_EDEFAULT == null ? locationDescription != null : !LOCATION_DESCRIPTION_EDEFAULT.equals(locationDescription);
			case GpumemPackage.VARIABLE__SPACE:
				return space != null;
			case GpumemPackage.VARIABLE__OFFSET:
				return offset != OFFSET_EDEFAULT;
			case GpumemPackage.VARIABLE__DECL_FILE:
				return DECL_FILE_EDEFAULT == null ? declFile != null : !DECL_FILE_EDEFAULT.equals(declFile);
			case GpumemPackage.VARIABLE__DECL_LINE:
				return declLine != DECL_LINE_EDEFAULT;
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
		result.append(", typeName: ");
		result.append(typeName);
		result.append(", byteSize: ");
		result.append(byteSize);
		result.append(", locationDescription: ");
		result.append(locationDescription);
		result.append(", offset: ");
		result.append(offset);
		result.append(", declFile: ");
		result.append(declFile);
		result.append(", declLine: ");
		result.append(declLine);
		result.append(')');
		return result.toString();
	}

} //VariableImpl
