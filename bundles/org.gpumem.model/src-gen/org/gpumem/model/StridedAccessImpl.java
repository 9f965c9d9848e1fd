/**
 */
package org.gpumem.model;

import org.eclipse.emf.common.notify.Notification;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.InternalEObject;

import org.eclipse.emf.ecore.impl.ENotificationImpl;

/**
 * <!-- begin-user-doc -->
 * An implementation of the model object '<em><b>Strided Access</b></em>'.
 * <!-- end-user-doc -->
 * <p>
 * The following features are implemented:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.StridedAccessImpl#getStorage <em>Storage</em>}</li>
 *   <li>{@link org.gpumem.model.StridedAccessImpl#getBase <em>Base</em>}</li>
 *   <li>{@link org.gpumem.model.StridedAccessImpl#getElementSize <em>Element Size</em>}</li>
 *   <li>{@link org.gpumem.model.StridedAccessImpl#getStride <em>Stride</em>}</li>
 *   <li>{@link org.gpumem.model.StridedAccessImpl#getLaneStride <em>Lane Stride</em>}</li>
 * </ul>
 *
 * @generated
 */
public class StridedAccessImpl extends AccessPatternImpl implements StridedAccess {
	/**
	 * The cached value of the '{@link #getStorage() <em>Storage</em>}' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getStorage()
	 * @generated
	 * @ordered
	 */
	protected Storage storage;

	/**
	 * The default value of the '{@link #getBase() <em>Base</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getBase()
	 * @generated
	 * @ordered
	 */
	protected static final long BASE_EDEFAULT = 0L;

	/**
	 * The cached value of the '{@link #getBase() <em>Base</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getBase()
	 * @generated
	 * @ordered
	 */
	protected long base = BASE_EDEFAULT;

	/**
	 * The default value of the '{@link #getElementSize() <em>Element Size</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getElementSize()
	 * @generated
	 * @ordered
	 */
	protected static final int ELEMENT_SIZE_EDEFAULT = 0;

	/**
	 * The cached value of the '{@link #getElementSize() <em>Element Size</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getElementSize()
	 * @generated
	 * @ordered
	 */
	protected int elementSize = ELEMENT_SIZE_EDEFAULT;

	/**
	 * The default value of the '{@link #getStride() <em>Stride</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getStride()
	 * @generated
	 * @ordered
	 */
	protected static final long STRIDE_EDEFAULT = 0L;

	/**
	 * The cached value of the '{@link #getStride() <em>Stride</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getStride()
	 * @generated
	 * @ordered
	 */
	protected long stride = STRIDE_EDEFAULT;

	/**
	 * The default value of the '{@link #getLaneStride() <em>Lane Stride</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getLaneStride()
	 * @generated
	 * @ordered
	 */
	protected static final long LANE_STRIDE_EDEFAULT = 0L;

	/**
	 * The cached value of the '{@link #getLaneStride() <em>Lane Stride</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getLaneStride()
	 * @generated
	 * @ordered
	 */
	protected long laneStride = LANE_STRIDE_EDEFAULT;

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	protected StridedAccessImpl() {
		super();
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	protected EClass eStaticClass() {
		return GpumemPackage.Literals.STRIDED_ACCESS;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public Storage getStorage() {
		if (storage != null && storage.eIsProxy()) {
			InternalEObject oldStorage = (InternalEObject)storage;
			storage = (Storage)eResolveProxy(oldStorage);
			if (storage != oldStorage) {
				if (eNotificationRequired())
					eNotify(new ENotificationImpl(this, Notification.RESOLVE, GpumemPackage.STRIDED_ACCESS__STORAGE, oldStorage, storage));
			}
		}
		return storage;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	public Storage basicGetStorage() {
		return storage;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setStorage(Storage newStorage) {
		Storage oldStorage = storage;
		storage = newStorage;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.STRIDED_ACCESS__STORAGE, oldStorage, storage));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public long getBase() {
		return base;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setBase(long newBase) {
		long oldBase = base;
		base = newBase;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.STRIDED_ACCESS__BASE, oldBase, base));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public int getElementSize() {
		return elementSize;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setElementSize(int newElementSize) {
		int oldElementSize = elementSize;
		elementSize = newElementSize;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.STRIDED_ACCESS__ELEMENT_SIZE, oldElementSize, elementSize));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public long getStride() {
		return stride;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setStride(long newStride) {
		long oldStride = stride;
		stride = newStride;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.STRIDED_ACCESS__STRIDE, oldStride, stride));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public long getLaneStride() {
		return laneStride;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setLaneStride(long newLaneStride) {
		long oldLaneStride = laneStride;
		laneStride = newLaneStride;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.STRIDED_ACCESS__LANE_STRIDE, oldLaneStride, laneStride));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public Object eGet(int featureID, boolean resolve, boolean coreType) {
		switch (featureID) {
			case GpumemPackage.STRIDED_ACCESS__STORAGE:
				if (resolve) return getStorage();
				return basicGetStorage();
			case GpumemPackage.STRIDED_ACCESS__BASE:
				return getBase();
			case GpumemPackage.STRIDED_ACCESS__ELEMENT_SIZE:
				return getElementSize();
			case GpumemPackage.STRIDED_ACCESS__STRIDE:
				return getStride();
			case GpumemPackage.STRIDED_ACCESS__LANE_STRIDE:
				return getLaneStride();
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
			case GpumemPackage.STRIDED_ACCESS__STORAGE:
				setStorage((Storage)newValue);
				return;
			case GpumemPackage.STRIDED_ACCESS__BASE:
				setBase((Long)newValue);
				return;
			case GpumemPackage.STRIDED_ACCESS__ELEMENT_SIZE:
				setElementSize((Integer)newValue);
				return;
			case GpumemPackage.STRIDED_ACCESS__STRIDE:
				setStride((Long)newValue);
				return;
			case GpumemPackage.STRIDED_ACCESS__LANE_STRIDE:
				setLaneStride((Long)newValue);
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
			case GpumemPackage.STRIDED_ACCESS__STORAGE:
				setStorage((Storage)null);
				return;
			case GpumemPackage.STRIDED_ACCESS__BASE:
				setBase(BASE_EDEFAULT);
				return;
			case GpumemPackage.STRIDED_ACCESS__ELEMENT_SIZE:
				setElementSize(ELEMENT_SIZE_EDEFAULT);
				return;
			case GpumemPackage.STRIDED_ACCESS__STRIDE:
				setStride(STRIDE_EDEFAULT);
				return;
			case GpumemPackage.STRIDED_ACCESS__LANE_STRIDE:
				setLaneStride(LANE_STRIDE_EDEFAULT);
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
			case GpumemPackage.STRIDED_ACCESS__STORAGE:
				return storage != null;
			case GpumemPackage.STRIDED_ACCESS__BASE:
				return base != BASE_EDEFAULT;
			case GpumemPackage.STRIDED_ACCESS__ELEMENT_SIZE:
				return elementSize != ELEMENT_SIZE_EDEFAULT;
			case GpumemPackage.STRIDED_ACCESS__STRIDE:
				return stride != STRIDE_EDEFAULT;
			case GpumemPackage.STRIDED_ACCESS__LANE_STRIDE:
				return laneStride != LANE_STRIDE_EDEFAULT;
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
		result.append(" (base: ");
		result.append(base);
		result.append(", elementSize: ");
		result.append(elementSize);
		result.append(", stride: ");
		result.append(stride);
		result.append(", laneStride: ");
		result.append(laneStride);
		result.append(')');
		return result.toString();
	}

} //StridedAccessImpl
