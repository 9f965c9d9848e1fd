/**
 */
package org.gpumem.model;

import org.eclipse.emf.common.notify.Notification;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.InternalEObject;

import org.eclipse.emf.ecore.impl.ENotificationImpl;

/**
 * <!-- begin-user-doc -->
 * An implementation of the model object '<em><b>Interleaved Access</b></em>'.
 * <!-- end-user-doc -->
 * <p>
 * The following features are implemented:
 * </p>
 * <ul>
 *   <li>{@link org.gpumem.model.InterleavedAccessImpl#getStorage <em>Storage</em>}</li>
 *   <li>{@link org.gpumem.model.InterleavedAccessImpl#getElementSize <em>Element Size</em>}</li>
 *   <li>{@link org.gpumem.model.InterleavedAccessImpl#getLaneCount <em>Lane Count</em>}</li>
 * </ul>
 *
 * @generated
 */
public class InterleavedAccessImpl extends AccessPatternImpl implements InterleavedAccess {
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
	 * The default value of the '{@link #getElementSize() <em>Element Size</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getElementSize()
	 * @generated
	 * @ordered
	 */
	protected static final int ELEMENT_SIZE_EDEFAULT = 4;

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
	 * The default value of the '{@link #getLaneCount() <em>Lane Count</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getLaneCount()
	 * @generated
	 * @ordered
	 */
	protected static final int LANE_COUNT_EDEFAULT = 0;

	/**
	 * The cached value of the '{@link #getLaneCount() <em>Lane Count</em>}' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see #getLaneCount()
	 * @generated
	 * @ordered
	 */
	protected int laneCount = LANE_COUNT_EDEFAULT;

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	protected InterleavedAccessImpl() {
		super();
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	protected EClass eStaticClass() {
		return GpumemPackage.Literals.INTERLEAVED_ACCESS;
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
					eNotify(new ENotificationImpl(this, Notification.RESOLVE, GpumemPackage.INTERLEAVED_ACCESS__STORAGE, oldStorage, storage));
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
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.INTERLEAVED_ACCESS__STORAGE, oldStorage, storage));
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
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.INTERLEAVED_ACCESS__ELEMENT_SIZE, oldElementSize, elementSize));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public int getLaneCount() {
		return laneCount;
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public void setLaneCount(int newLaneCount) {
		int oldLaneCount = laneCount;
		laneCount = newLaneCount;
		if (eNotificationRequired())
			eNotify(new ENotificationImpl(this, Notification.SET, GpumemPackage.INTERLEAVED_ACCESS__LANE_COUNT, oldLaneCount, laneCount));
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	public Object eGet(int featureID, boolean resolve, boolean coreType) {
		switch (featureID) {
			case GpumemPackage.INTERLEAVED_ACCESS__STORAGE:
				if (resolve) return getStorage();
				return basicGetStorage();
			case GpumemPackage.INTERLEAVED_ACCESS__ELEMENT_SIZE:
				return getElementSize();
			case GpumemPackage.INTERLEAVED_ACCESS__LANE_COUNT:
				return getLaneCount();
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
			case GpumemPackage.INTERLEAVED_ACCESS__STORAGE:
				setStorage((Storage)newValue);
				return;
			case GpumemPackage.INTERLEAVED_ACCESS__ELEMENT_SIZE:
				setElementSize((Integer)newValue);
				return;
			case GpumemPackage.INTERLEAVED_ACCESS__LANE_COUNT:
				setLaneCount((Integer)newValue);
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
			case GpumemPackage.INTERLEAVED_ACCESS__STORAGE:
				setStorage((Storage)null);
				return;
			case GpumemPackage.INTERLEAVED_ACCESS__ELEMENT_SIZE:
				setElementSize(ELEMENT_SIZE_EDEFAULT);
				return;
			case GpumemPackage.INTERLEAVED_ACCESS__LANE_COUNT:
				setLaneCount(LANE_COUNT_EDEFAULT);
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
			case GpumemPackage.INTERLEAVED_ACCESS__STORAGE:
				return storage != null;
			case GpumemPackage.INTERLEAVED_ACCESS__ELEMENT_SIZE:
				return elementSize != ELEMENT_SIZE_EDEFAULT;
			case GpumemPackage.INTERLEAVED_ACCESS__LANE_COUNT:
				return laneCount != LANE_COUNT_EDEFAULT;
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
		result.append(" (elementSize: ");
		result.append(elementSize);
		result.append(", laneCount: ");
		result.append(laneCount);
		result.append(')');
		return result.toString();
	}

} //InterleavedAccessImpl
