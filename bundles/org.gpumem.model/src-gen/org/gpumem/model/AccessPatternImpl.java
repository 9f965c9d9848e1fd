/**
 */
package org.gpumem.model;

import org.eclipse.emf.ecore.EClass;

import org.eclipse.emf.ecore.impl.MinimalEObjectImpl;

/**
 * <!-- begin-user-doc -->
 * An implementation of the model object '<em><b>Access Pattern</b></em>'.
 * <!-- end-user-doc -->
 *
 * @generated
 */
public abstract class AccessPatternImpl extends MinimalEObjectImpl.Container implements AccessPattern {
	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	protected AccessPatternImpl() {
		super();
	}

	/**
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	@Override
	protected EClass eStaticClass() {
		return GpumemPackage.Literals.ACCESS_PATTERN;
	}

} //AccessPatternImpl
