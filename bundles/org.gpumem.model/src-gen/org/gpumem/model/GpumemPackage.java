/**
 */
package org.gpumem.model;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EDataType;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EReference;

/**
 * <!-- begin-user-doc -->
 * The <b>Package</b> for the model.
 * It contains accessors for the meta objects to represent
 * <ul>
 *   <li>each class,</li>
 *   <li>each feature of each class,</li>
 *   <li>each operation of each class,</li>
 *   <li>each enum,</li>
 *   <li>and each data type</li>
 * </ul>
 * <!-- end-user-doc -->
 * <!-- begin-model-doc -->
 * Targets, address spaces, contexts, memory pools, locations and variables of a GPU program stopped in a debugger or simulator.
 * <!-- end-model-doc -->
 * @see org.gpumem.model.GpumemFactory
 * @model kind="package"
 * @generated
 */
public interface GpumemPackage extends EPackage {
	/**
	 * The package name.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	String eNAME = "model";

	/**
	 * The package namespace URI.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	String eNS_URI = "http://gpumem.org/model/1.0";

	/**
	 * The package namespace name.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	String eNS_PREFIX = "gpumem";

	/**
	 * The singleton instance of the package.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 */
	GpumemPackage eINSTANCE = org.gpumem.model.GpumemPackageImpl.init();

	/**
	 * The meta object id for the '{@link org.gpumem.model.TargetImpl <em>Target</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.TargetImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getTarget()
	 * @generated
	 */
	int TARGET = 0;

	/**
	 * The feature id for the '<em><b>Name</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int TARGET__NAME = 0;

	/**
	 * The feature id for the '<em><b>Architecture</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int TARGET__ARCHITECTURE = 1;

	/**
	 * The feature id for the '<em><b>Subgroup Size</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int TARGET__SUBGROUP_SIZE = 2;

	/**
	 * The feature id for the '<em><b>Description</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int TARGET__DESCRIPTION = 3;

	/**
	 * The feature id for the '<em><b>Storages</b></em>' containment reference list.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int TARGET__STORAGES = 4;

	/**
	 * The feature id for the '<em><b>Address Spaces</b></em>' containment reference list.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int TARGET__ADDRESS_SPACES = 5;

	/**
	 * The feature id for the '<em><b>Default Space</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int TARGET__DEFAULT_SPACE = 6;

	/**
	 * The number of structural features of the '<em>Target</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int TARGET_FEATURE_COUNT = 7;

	/**
	 * The number of operations of the '<em>Target</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int TARGET_OPERATION_COUNT = 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.StorageImpl <em>Storage</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.StorageImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getStorage()
	 * @generated
	 */
	int STORAGE = 1;

	/**
	 * The feature id for the '<em><b>Name</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int STORAGE__NAME = 0;

	/**
	 * The feature id for the '<em><b>Scope</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int STORAGE__SCOPE = 1;

	/**
	 * The feature id for the '<em><b>Default Size</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int STORAGE__DEFAULT_SIZE = 2;

	/**
	 * The feature id for the '<em><b>Read Only</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int STORAGE__READ_ONLY = 3;

	/**
	 * The number of structural features of the '<em>Storage</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int STORAGE_FEATURE_COUNT = 4;

	/**
	 * The number of operations of the '<em>Storage</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int STORAGE_OPERATION_COUNT = 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.AddressSpaceImpl <em>Address Space</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.AddressSpaceImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getAddressSpace()
	 * @generated
	 */
	int ADDRESS_SPACE = 2;

	/**
	 * The feature id for the '<em><b>Name</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int ADDRESS_SPACE__NAME = 0;

	/**
	 * The feature id for the '<em><b>Dwarf Number</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int ADDRESS_SPACE__DWARF_NUMBER = 1;

	/**
	 * The feature id for the '<em><b>Aliases</b></em>' attribute list.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int ADDRESS_SPACE__ALIASES = 2;

	/**
	 * The feature id for the '<em><b>Vendor Codes</b></em>' containment reference list.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int ADDRESS_SPACE__VENDOR_CODES = 3;

	/**
	 * The feature id for the '<em><b>Address Bits</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int ADDRESS_SPACE__ADDRESS_BITS = 4;

	/**
	 * The feature id for the '<em><b>Read Only</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int ADDRESS_SPACE__READ_ONLY = 5;

	/**
	 * The feature id for the '<em><b>Scope</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int ADDRESS_SPACE__SCOPE = 6;

	/**
	 * The feature id for the '<em><b>Access</b></em>' containment reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int ADDRESS_SPACE__ACCESS = 7;

	/**
	 * The feature id for the '<em><b>Description</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int ADDRESS_SPACE__DESCRIPTION = 8;

	/**
	 * The number of structural features of the '<em>Address Space</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int ADDRESS_SPACE_FEATURE_COUNT = 9;

	/**
	 * The number of operations of the '<em>Address Space</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int ADDRESS_SPACE_OPERATION_COUNT = 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.VendorCodeImpl <em>Vendor Code</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.VendorCodeImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getVendorCode()
	 * @generated
	 */
	int VENDOR_CODE = 3;

	/**
	 * The feature id for the '<em><b>Scheme</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VENDOR_CODE__SCHEME = 0;

	/**
	 * The feature id for the '<em><b>Value</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VENDOR_CODE__VALUE = 1;

	/**
	 * The number of structural features of the '<em>Vendor Code</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VENDOR_CODE_FEATURE_COUNT = 2;

	/**
	 * The number of operations of the '<em>Vendor Code</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VENDOR_CODE_OPERATION_COUNT = 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.AccessPatternImpl <em>Access Pattern</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.AccessPatternImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getAccessPattern()
	 * @generated
	 */
	int ACCESS_PATTERN = 4;

	/**
	 * The number of structural features of the '<em>Access Pattern</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int ACCESS_PATTERN_FEATURE_COUNT = 0;

	/**
	 * The number of operations of the '<em>Access Pattern</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int ACCESS_PATTERN_OPERATION_COUNT = 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.LinearAccessImpl <em>Linear Access</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.LinearAccessImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getLinearAccess()
	 * @generated
	 */
	int LINEAR_ACCESS = 5;

	/**
	 * The feature id for the '<em><b>Storage</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int LINEAR_ACCESS__STORAGE = ACCESS_PATTERN_FEATURE_COUNT + 0;

	/**
	 * The feature id for the '<em><b>Base</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int LINEAR_ACCESS__BASE = ACCESS_PATTERN_FEATURE_COUNT + 1;

	/**
	 * The number of structural features of the '<em>Linear Access</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int LINEAR_ACCESS_FEATURE_COUNT = ACCESS_PATTERN_FEATURE_COUNT + 2;

	/**
	 * The number of operations of the '<em>Linear Access</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int LINEAR_ACCESS_OPERATION_COUNT = ACCESS_PATTERN_OPERATION_COUNT + 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.WindowAccessImpl <em>Window Access</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.WindowAccessImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getWindowAccess()
	 * @generated
	 */
	int WINDOW_ACCESS = 6;

	/**
	 * The feature id for the '<em><b>Windows</b></em>' containment reference list.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int WINDOW_ACCESS__WINDOWS = ACCESS_PATTERN_FEATURE_COUNT + 0;

	/**
	 * The feature id for the '<em><b>Fallback</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int WINDOW_ACCESS__FALLBACK = ACCESS_PATTERN_FEATURE_COUNT + 1;

	/**
	 * The number of structural features of the '<em>Window Access</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int WINDOW_ACCESS_FEATURE_COUNT = ACCESS_PATTERN_FEATURE_COUNT + 2;

	/**
	 * The number of operations of the '<em>Window Access</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int WINDOW_ACCESS_OPERATION_COUNT = ACCESS_PATTERN_OPERATION_COUNT + 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.WindowImpl <em>Window</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.WindowImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getWindow()
	 * @generated
	 */
	int WINDOW = 7;

	/**
	 * The feature id for the '<em><b>Start</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int WINDOW__START = 0;

	/**
	 * The feature id for the '<em><b>Length</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int WINDOW__LENGTH = 1;

	/**
	 * The feature id for the '<em><b>Space</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int WINDOW__SPACE = 2;

	/**
	 * The number of structural features of the '<em>Window</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int WINDOW_FEATURE_COUNT = 3;

	/**
	 * The number of operations of the '<em>Window</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int WINDOW_OPERATION_COUNT = 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.InterleavedAccessImpl <em>Interleaved Access</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.InterleavedAccessImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getInterleavedAccess()
	 * @generated
	 */
	int INTERLEAVED_ACCESS = 8;

	/**
	 * The feature id for the '<em><b>Storage</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int INTERLEAVED_ACCESS__STORAGE = ACCESS_PATTERN_FEATURE_COUNT + 0;

	/**
	 * The feature id for the '<em><b>Element Size</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int INTERLEAVED_ACCESS__ELEMENT_SIZE = ACCESS_PATTERN_FEATURE_COUNT + 1;

	/**
	 * The feature id for the '<em><b>Lane Count</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int INTERLEAVED_ACCESS__LANE_COUNT = ACCESS_PATTERN_FEATURE_COUNT + 2;

	/**
	 * The number of structural features of the '<em>Interleaved Access</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int INTERLEAVED_ACCESS_FEATURE_COUNT = ACCESS_PATTERN_FEATURE_COUNT + 3;

	/**
	 * The number of operations of the '<em>Interleaved Access</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int INTERLEAVED_ACCESS_OPERATION_COUNT = ACCESS_PATTERN_OPERATION_COUNT + 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.StridedAccessImpl <em>Strided Access</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.StridedAccessImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getStridedAccess()
	 * @generated
	 */
	int STRIDED_ACCESS = 9;

	/**
	 * The feature id for the '<em><b>Storage</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int STRIDED_ACCESS__STORAGE = ACCESS_PATTERN_FEATURE_COUNT + 0;

	/**
	 * The feature id for the '<em><b>Base</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int STRIDED_ACCESS__BASE = ACCESS_PATTERN_FEATURE_COUNT + 1;

	/**
	 * The feature id for the '<em><b>Element Size</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int STRIDED_ACCESS__ELEMENT_SIZE = ACCESS_PATTERN_FEATURE_COUNT + 2;

	/**
	 * The feature id for the '<em><b>Stride</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int STRIDED_ACCESS__STRIDE = ACCESS_PATTERN_FEATURE_COUNT + 3;

	/**
	 * The feature id for the '<em><b>Lane Stride</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int STRIDED_ACCESS__LANE_STRIDE = ACCESS_PATTERN_FEATURE_COUNT + 4;

	/**
	 * The number of structural features of the '<em>Strided Access</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int STRIDED_ACCESS_FEATURE_COUNT = ACCESS_PATTERN_FEATURE_COUNT + 5;

	/**
	 * The number of operations of the '<em>Strided Access</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int STRIDED_ACCESS_OPERATION_COUNT = ACCESS_PATTERN_OPERATION_COUNT + 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.ContextImpl <em>Context</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.ContextImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getContext()
	 * @generated
	 */
	int CONTEXT = 10;

	/**
	 * The feature id for the '<em><b>Scope</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int CONTEXT__SCOPE = 0;

	/**
	 * The feature id for the '<em><b>Index</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int CONTEXT__INDEX = 1;

	/**
	 * The feature id for the '<em><b>X</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int CONTEXT__X = 2;

	/**
	 * The feature id for the '<em><b>Y</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int CONTEXT__Y = 3;

	/**
	 * The feature id for the '<em><b>Z</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int CONTEXT__Z = 4;

	/**
	 * The feature id for the '<em><b>Name</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int CONTEXT__NAME = 5;

	/**
	 * The feature id for the '<em><b>Pools</b></em>' containment reference list.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int CONTEXT__POOLS = 6;

	/**
	 * The feature id for the '<em><b>Children</b></em>' containment reference list.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int CONTEXT__CHILDREN = 7;

	/**
	 * The feature id for the '<em><b>Parent</b></em>' container reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int CONTEXT__PARENT = 8;

	/**
	 * The number of structural features of the '<em>Context</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int CONTEXT_FEATURE_COUNT = 9;

	/**
	 * The number of operations of the '<em>Context</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int CONTEXT_OPERATION_COUNT = 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.PoolImpl <em>Pool</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.PoolImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getPool()
	 * @generated
	 */
	int POOL = 11;

	/**
	 * The feature id for the '<em><b>Storage</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int POOL__STORAGE = 0;

	/**
	 * The feature id for the '<em><b>Size</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int POOL__SIZE = 1;

	/**
	 * The feature id for the '<em><b>Key</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int POOL__KEY = 2;

	/**
	 * The feature id for the '<em><b>Source</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int POOL__SOURCE = 3;

	/**
	 * The feature id for the '<em><b>Owner</b></em>' container reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int POOL__OWNER = 4;

	/**
	 * The number of structural features of the '<em>Pool</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int POOL_FEATURE_COUNT = 5;

	/**
	 * The number of operations of the '<em>Pool</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int POOL_OPERATION_COUNT = 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.LocationImpl <em>Location</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.LocationImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getLocation()
	 * @generated
	 */
	int LOCATION = 12;

	/**
	 * The feature id for the '<em><b>Context</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int LOCATION__CONTEXT = 0;

	/**
	 * The feature id for the '<em><b>Space</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int LOCATION__SPACE = 1;

	/**
	 * The feature id for the '<em><b>Offset</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int LOCATION__OFFSET = 2;

	/**
	 * The number of structural features of the '<em>Location</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int LOCATION_FEATURE_COUNT = 3;

	/**
	 * The number of operations of the '<em>Location</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int LOCATION_OPERATION_COUNT = 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.VariableImpl <em>Variable</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.VariableImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getVariable()
	 * @generated
	 */
	int VARIABLE = 13;

	/**
	 * The feature id for the '<em><b>Name</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VARIABLE__NAME = 0;

	/**
	 * The feature id for the '<em><b>Type Name</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VARIABLE__TYPE_NAME = 1;

	/**
	 * The feature id for the '<em><b>Byte Size</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VARIABLE__BYTE_SIZE = 2;

	/**
	 * The feature id for the '<em><b>Location Description</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VARIABLE__LOCATION_DESCRIPTION = 3;

	/**
	 * The feature id for the '<em><b>Space</b></em>' reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VARIABLE__SPACE = 4;

	/**
	 * The feature id for the '<em><b>Offset</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VARIABLE__OFFSET = 5;

	/**
	 * The feature id for the '<em><b>Decl File</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VARIABLE__DECL_FILE = 6;

	/**
	 * The feature id for the '<em><b>Decl Line</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VARIABLE__DECL_LINE = 7;

	/**
	 * The number of structural features of the '<em>Variable</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VARIABLE_FEATURE_COUNT = 8;

	/**
	 * The number of operations of the '<em>Variable</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int VARIABLE_OPERATION_COUNT = 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.MemoryStateImpl <em>Memory State</em>}' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.MemoryStateImpl
	 * @see org.gpumem.model.GpumemPackageImpl#getMemoryState()
	 * @generated
	 */
	int MEMORY_STATE = 14;

	/**
	 * The feature id for the '<em><b>Name</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int MEMORY_STATE__NAME = 0;

	/**
	 * The feature id for the '<em><b>Program</b></em>' attribute.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int MEMORY_STATE__PROGRAM = 1;

	/**
	 * The feature id for the '<em><b>Target</b></em>' containment reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int MEMORY_STATE__TARGET = 2;

	/**
	 * The feature id for the '<em><b>Device</b></em>' containment reference.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int MEMORY_STATE__DEVICE = 3;

	/**
	 * The feature id for the '<em><b>Variables</b></em>' containment reference list.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int MEMORY_STATE__VARIABLES = 4;

	/**
	 * The number of structural features of the '<em>Memory State</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int MEMORY_STATE_FEATURE_COUNT = 5;

	/**
	 * The number of operations of the '<em>Memory State</em>' class.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @generated
	 * @ordered
	 */
	int MEMORY_STATE_OPERATION_COUNT = 0;

	/**
	 * The meta object id for the '{@link org.gpumem.model.Scope <em>Scope</em>}' enum.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.Scope
	 * @see org.gpumem.model.GpumemPackageImpl#getScope()
	 * @generated
	 */
	int SCOPE = 15;

	/**
	 * The meta object id for the '<em>Byte Source</em>' data type.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @see org.gpumem.model.memory.ByteSource
	 * @see org.gpumem.model.GpumemPackageImpl#getByteSource()
	 * @generated
	 */
	int BYTE_SOURCE = 16;


	/**
	 * Returns the meta object for class '{@link org.gpumem.model.Target <em>Target</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Target</em>'.
	 * @see org.gpumem.model.Target
	 * @generated
	 */
	EClass getTarget();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Target#getName <em>Name</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Name</em>'.
	 * @see org.gpumem.model.Target#getName()
	 * @see #getTarget()
	 * @generated
	 */
	EAttribute getTarget_Name();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Target#getArchitecture <em>Architecture</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Architecture</em>'.
	 * @see org.gpumem.model.Target#getArchitecture()
	 * @see #getTarget()
	 * @generated
	 */
	EAttribute getTarget_Architecture();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Target#getSubgroupSize <em>Subgroup Size</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Subgroup Size</em>'.
	 * @see org.gpumem.model.Target#getSubgroupSize()
	 * @see #getTarget()
	 * @generated
	 */
	EAttribute getTarget_SubgroupSize();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Target#getDescription <em>Description</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Description</em>'.
	 * @see org.gpumem.model.Target#getDescription()
	 * @see #getTarget()
	 * @generated
	 */
	EAttribute getTarget_Description();

	/**
	 * Returns the meta object for the containment reference list '{@link org.gpumem.model.Target#getStorages <em>Storages</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the containment reference list '<em>Storages</em>'.
	 * @see org.gpumem.model.Target#getStorages()
	 * @see #getTarget()
	 * @generated
	 */
	EReference getTarget_Storages();

	/**
	 * Returns the meta object for the containment reference list '{@link org.gpumem.model.Target#getAddressSpaces <em>Address Spaces</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the containment reference list '<em>Address Spaces</em>'.
	 * @see org.gpumem.model.Target#getAddressSpaces()
	 * @see #getTarget()
	 * @generated
	 */
	EReference getTarget_AddressSpaces();

	/**
	 * Returns the meta object for the reference '{@link org.gpumem.model.Target#getDefaultSpace <em>Default Space</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the reference '<em>Default Space</em>'.
	 * @see org.gpumem.model.Target#getDefaultSpace()
	 * @see #getTarget()
	 * @generated
	 */
	EReference getTarget_DefaultSpace();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.Storage <em>Storage</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Storage</em>'.
	 * @see org.gpumem.model.Storage
	 * @generated
	 */
	EClass getStorage();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Storage#getName <em>Name</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Name</em>'.
	 * @see org.gpumem.model.Storage#getName()
	 * @see #getStorage()
	 * @generated
	 */
	EAttribute getStorage_Name();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Storage#getScope <em>Scope</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Scope</em>'.
	 * @see org.gpumem.model.Storage#getScope()
	 * @see #getStorage()
	 * @generated
	 */
	EAttribute getStorage_Scope();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Storage#getDefaultSize <em>Default Size</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Default Size</em>'.
	 * @see org.gpumem.model.Storage#getDefaultSize()
	 * @see #getStorage()
	 * @generated
	 */
	EAttribute getStorage_DefaultSize();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Storage#isReadOnly <em>Read Only</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Read Only</em>'.
	 * @see org.gpumem.model.Storage#isReadOnly()
	 * @see #getStorage()
	 * @generated
	 */
	EAttribute getStorage_ReadOnly();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.AddressSpace <em>Address Space</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Address Space</em>'.
	 * @see org.gpumem.model.AddressSpace
	 * @generated
	 */
	EClass getAddressSpace();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.AddressSpace#getName <em>Name</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Name</em>'.
	 * @see org.gpumem.model.AddressSpace#getName()
	 * @see #getAddressSpace()
	 * @generated
	 */
	EAttribute getAddressSpace_Name();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.AddressSpace#getDwarfNumber <em>Dwarf Number</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Dwarf Number</em>'.
	 * @see org.gpumem.model.AddressSpace#getDwarfNumber()
	 * @see #getAddressSpace()
	 * @generated
	 */
	EAttribute getAddressSpace_DwarfNumber();

	/**
	 * Returns the meta object for the attribute list '{@link org.gpumem.model.AddressSpace#getAliases <em>Aliases</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute list '<em>Aliases</em>'.
	 * @see org.gpumem.model.AddressSpace#getAliases()
	 * @see #getAddressSpace()
	 * @generated
	 */
	EAttribute getAddressSpace_Aliases();

	/**
	 * Returns the meta object for the containment reference list '{@link org.gpumem.model.AddressSpace#getVendorCodes <em>Vendor Codes</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the containment reference list '<em>Vendor Codes</em>'.
	 * @see org.gpumem.model.AddressSpace#getVendorCodes()
	 * @see #getAddressSpace()
	 * @generated
	 */
	EReference getAddressSpace_VendorCodes();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.AddressSpace#getAddressBits <em>Address Bits</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Address Bits</em>'.
	 * @see org.gpumem.model.AddressSpace#getAddressBits()
	 * @see #getAddressSpace()
	 * @generated
	 */
	EAttribute getAddressSpace_AddressBits();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.AddressSpace#isReadOnly <em>Read Only</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Read Only</em>'.
	 * @see org.gpumem.model.AddressSpace#isReadOnly()
	 * @see #getAddressSpace()
	 * @generated
	 */
	EAttribute getAddressSpace_ReadOnly();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.AddressSpace#getScope <em>Scope</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Scope</em>'.
	 * @see org.gpumem.model.AddressSpace#getScope()
	 * @see #getAddressSpace()
	 * @generated
	 */
	EAttribute getAddressSpace_Scope();

	/**
	 * Returns the meta object for the containment reference '{@link org.gpumem.model.AddressSpace#getAccess <em>Access</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the containment reference '<em>Access</em>'.
	 * @see org.gpumem.model.AddressSpace#getAccess()
	 * @see #getAddressSpace()
	 * @generated
	 */
	EReference getAddressSpace_Access();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.AddressSpace#getDescription <em>Description</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Description</em>'.
	 * @see org.gpumem.model.AddressSpace#getDescription()
	 * @see #getAddressSpace()
	 * @generated
	 */
	EAttribute getAddressSpace_Description();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.VendorCode <em>Vendor Code</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Vendor Code</em>'.
	 * @see org.gpumem.model.VendorCode
	 * @generated
	 */
	EClass getVendorCode();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.VendorCode#getScheme <em>Scheme</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Scheme</em>'.
	 * @see org.gpumem.model.VendorCode#getScheme()
	 * @see #getVendorCode()
	 * @generated
	 */
	EAttribute getVendorCode_Scheme();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.VendorCode#getValue <em>Value</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Value</em>'.
	 * @see org.gpumem.model.VendorCode#getValue()
	 * @see #getVendorCode()
	 * @generated
	 */
	EAttribute getVendorCode_Value();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.AccessPattern <em>Access Pattern</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Access Pattern</em>'.
	 * @see org.gpumem.model.AccessPattern
	 * @generated
	 */
	EClass getAccessPattern();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.LinearAccess <em>Linear Access</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Linear Access</em>'.
	 * @see org.gpumem.model.LinearAccess
	 * @generated
	 */
	EClass getLinearAccess();

	/**
	 * Returns the meta object for the reference '{@link org.gpumem.model.LinearAccess#getStorage <em>Storage</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the reference '<em>Storage</em>'.
	 * @see org.gpumem.model.LinearAccess#getStorage()
	 * @see #getLinearAccess()
	 * @generated
	 */
	EReference getLinearAccess_Storage();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.LinearAccess#getBase <em>Base</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Base</em>'.
	 * @see org.gpumem.model.LinearAccess#getBase()
	 * @see #getLinearAccess()
	 * @generated
	 */
	EAttribute getLinearAccess_Base();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.WindowAccess <em>Window Access</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Window Access</em>'.
	 * @see org.gpumem.model.WindowAccess
	 * @generated
	 */
	EClass getWindowAccess();

	/**
	 * Returns the meta object for the containment reference list '{@link org.gpumem.model.WindowAccess#getWindows <em>Windows</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the containment reference list '<em>Windows</em>'.
	 * @see org.gpumem.model.WindowAccess#getWindows()
	 * @see #getWindowAccess()
	 * @generated
	 */
	EReference getWindowAccess_Windows();

	/**
	 * Returns the meta object for the reference '{@link org.gpumem.model.WindowAccess#getFallback <em>Fallback</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the reference '<em>Fallback</em>'.
	 * @see org.gpumem.model.WindowAccess#getFallback()
	 * @see #getWindowAccess()
	 * @generated
	 */
	EReference getWindowAccess_Fallback();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.Window <em>Window</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Window</em>'.
	 * @see org.gpumem.model.Window
	 * @generated
	 */
	EClass getWindow();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Window#getStart <em>Start</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Start</em>'.
	 * @see org.gpumem.model.Window#getStart()
	 * @see #getWindow()
	 * @generated
	 */
	EAttribute getWindow_Start();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Window#getLength <em>Length</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Length</em>'.
	 * @see org.gpumem.model.Window#getLength()
	 * @see #getWindow()
	 * @generated
	 */
	EAttribute getWindow_Length();

	/**
	 * Returns the meta object for the reference '{@link org.gpumem.model.Window#getSpace <em>Space</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the reference '<em>Space</em>'.
	 * @see org.gpumem.model.Window#getSpace()
	 * @see #getWindow()
	 * @generated
	 */
	EReference getWindow_Space();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.InterleavedAccess <em>Interleaved Access</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Interleaved Access</em>'.
	 * @see org.gpumem.model.InterleavedAccess
	 * @generated
	 */
	EClass getInterleavedAccess();

	/**
	 * Returns the meta object for the reference '{@link org.gpumem.model.InterleavedAccess#getStorage <em>Storage</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the reference '<em>Storage</em>'.
	 * @see org.gpumem.model.InterleavedAccess#getStorage()
	 * @see #getInterleavedAccess()
	 * @generated
	 */
	EReference getInterleavedAccess_Storage();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.InterleavedAccess#getElementSize <em>Element Size</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Element Size</em>'.
	 * @see org.gpumem.model.InterleavedAccess#getElementSize()
	 * @see #getInterleavedAccess()
	 * @generated
	 */
	EAttribute getInterleavedAccess_ElementSize();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.InterleavedAccess#getLaneCount <em>Lane Count</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Lane Count</em>'.
	 * @see org.gpumem.model.InterleavedAccess#getLaneCount()
	 * @see #getInterleavedAccess()
	 * @generated
	 */
	EAttribute getInterleavedAccess_LaneCount();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.StridedAccess <em>Strided Access</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Strided Access</em>'.
	 * @see org.gpumem.model.StridedAccess
	 * @generated
	 */
	EClass getStridedAccess();

	/**
	 * Returns the meta object for the reference '{@link org.gpumem.model.StridedAccess#getStorage <em>Storage</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the reference '<em>Storage</em>'.
	 * @see org.gpumem.model.StridedAccess#getStorage()
	 * @see #getStridedAccess()
	 * @generated
	 */
	EReference getStridedAccess_Storage();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.StridedAccess#getBase <em>Base</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Base</em>'.
	 * @see org.gpumem.model.StridedAccess#getBase()
	 * @see #getStridedAccess()
	 * @generated
	 */
	EAttribute getStridedAccess_Base();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.StridedAccess#getElementSize <em>Element Size</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Element Size</em>'.
	 * @see org.gpumem.model.StridedAccess#getElementSize()
	 * @see #getStridedAccess()
	 * @generated
	 */
	EAttribute getStridedAccess_ElementSize();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.StridedAccess#getStride <em>Stride</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Stride</em>'.
	 * @see org.gpumem.model.StridedAccess#getStride()
	 * @see #getStridedAccess()
	 * @generated
	 */
	EAttribute getStridedAccess_Stride();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.StridedAccess#getLaneStride <em>Lane Stride</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Lane Stride</em>'.
	 * @see org.gpumem.model.StridedAccess#getLaneStride()
	 * @see #getStridedAccess()
	 * @generated
	 */
	EAttribute getStridedAccess_LaneStride();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.Context <em>Context</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Context</em>'.
	 * @see org.gpumem.model.Context
	 * @generated
	 */
	EClass getContext();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Context#getScope <em>Scope</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Scope</em>'.
	 * @see org.gpumem.model.Context#getScope()
	 * @see #getContext()
	 * @generated
	 */
	EAttribute getContext_Scope();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Context#getIndex <em>Index</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Index</em>'.
	 * @see org.gpumem.model.Context#getIndex()
	 * @see #getContext()
	 * @generated
	 */
	EAttribute getContext_Index();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Context#getX <em>X</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>X</em>'.
	 * @see org.gpumem.model.Context#getX()
	 * @see #getContext()
	 * @generated
	 */
	EAttribute getContext_X();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Context#getY <em>Y</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Y</em>'.
	 * @see org.gpumem.model.Context#getY()
	 * @see #getContext()
	 * @generated
	 */
	EAttribute getContext_Y();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Context#getZ <em>Z</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Z</em>'.
	 * @see org.gpumem.model.Context#getZ()
	 * @see #getContext()
	 * @generated
	 */
	EAttribute getContext_Z();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Context#getName <em>Name</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Name</em>'.
	 * @see org.gpumem.model.Context#getName()
	 * @see #getContext()
	 * @generated
	 */
	EAttribute getContext_Name();

	/**
	 * Returns the meta object for the containment reference list '{@link org.gpumem.model.Context#getPools <em>Pools</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the containment reference list '<em>Pools</em>'.
	 * @see org.gpumem.model.Context#getPools()
	 * @see #getContext()
	 * @generated
	 */
	EReference getContext_Pools();

	/**
	 * Returns the meta object for the containment reference list '{@link org.gpumem.model.Context#getChildren <em>Children</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the containment reference list '<em>Children</em>'.
	 * @see org.gpumem.model.Context#getChildren()
	 * @see #getContext()
	 * @generated
	 */
	EReference getContext_Children();

	/**
	 * Returns the meta object for the container reference '{@link org.gpumem.model.Context#getParent <em>Parent</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the container reference '<em>Parent</em>'.
	 * @see org.gpumem.model.Context#getParent()
	 * @see #getContext()
	 * @generated
	 */
	EReference getContext_Parent();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.Pool <em>Pool</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Pool</em>'.
	 * @see org.gpumem.model.Pool
	 * @generated
	 */
	EClass getPool();

	/**
	 * Returns the meta object for the reference '{@link org.gpumem.model.Pool#getStorage <em>Storage</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the reference '<em>Storage</em>'.
	 * @see org.gpumem.model.Pool#getStorage()
	 * @see #getPool()
	 * @generated
	 */
	EReference getPool_Storage();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Pool#getSize <em>Size</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Size</em>'.
	 * @see org.gpumem.model.Pool#getSize()
	 * @see #getPool()
	 * @generated
	 */
	EAttribute getPool_Size();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Pool#getKey <em>Key</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Key</em>'.
	 * @see org.gpumem.model.Pool#getKey()
	 * @see #getPool()
	 * @generated
	 */
	EAttribute getPool_Key();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Pool#getSource <em>Source</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Source</em>'.
	 * @see org.gpumem.model.Pool#getSource()
	 * @see #getPool()
	 * @generated
	 */
	EAttribute getPool_Source();

	/**
	 * Returns the meta object for the container reference '{@link org.gpumem.model.Pool#getOwner <em>Owner</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the container reference '<em>Owner</em>'.
	 * @see org.gpumem.model.Pool#getOwner()
	 * @see #getPool()
	 * @generated
	 */
	EReference getPool_Owner();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.Location <em>Location</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Location</em>'.
	 * @see org.gpumem.model.Location
	 * @generated
	 */
	EClass getLocation();

	/**
	 * Returns the meta object for the reference '{@link org.gpumem.model.Location#getContext <em>Context</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the reference '<em>Context</em>'.
	 * @see org.gpumem.model.Location#getContext()
	 * @see #getLocation()
	 * @generated
	 */
	EReference getLocation_Context();

	/**
	 * Returns the meta object for the reference '{@link org.gpumem.model.Location#getSpace <em>Space</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the reference '<em>Space</em>'.
	 * @see org.gpumem.model.Location#getSpace()
	 * @see #getLocation()
	 * @generated
	 */
	EReference getLocation_Space();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Location#getOffset <em>Offset</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Offset</em>'.
	 * @see org.gpumem.model.Location#getOffset()
	 * @see #getLocation()
	 * @generated
	 */
	EAttribute getLocation_Offset();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.Variable <em>Variable</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Variable</em>'.
	 * @see org.gpumem.model.Variable
	 * @generated
	 */
	EClass getVariable();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Variable#getName <em>Name</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Name</em>'.
	 * @see org.gpumem.model.Variable#getName()
	 * @see #getVariable()
	 * @generated
	 */
	EAttribute getVariable_Name();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Variable#getTypeName <em>Type Name</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Type Name</em>'.
	 * @see org.gpumem.model.Variable#getTypeName()
	 * @see #getVariable()
	 * @generated
	 */
	EAttribute getVariable_TypeName();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Variable#getByteSize <em>Byte Size</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Byte Size</em>'.
	 * @see org.gpumem.model.Variable#getByteSize()
	 * @see #getVariable()
	 * @generated
	 */
	EAttribute getVariable_ByteSize();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Variable#getLocationDescription <em>Location Description</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Location Description</em>'.
	 * @see org.gpumem.model.Variable#getLocationDescription()
	 * @see #getVariable()
	 * @generated
	 */
	EAttribute getVariable_LocationDescription();

	/**
	 * Returns the meta object for the reference '{@link org.gpumem.model.Variable#getSpace <em>Space</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the reference '<em>Space</em>'.
	 * @see org.gpumem.model.Variable#getSpace()
	 * @see #getVariable()
	 * @generated
	 */
	EReference getVariable_Space();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Variable#getOffset <em>Offset</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Offset</em>'.
	 * @see org.gpumem.model.Variable#getOffset()
	 * @see #getVariable()
	 * @generated
	 */
	EAttribute getVariable_Offset();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Variable#getDeclFile <em>Decl File</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Decl File</em>'.
	 * @see org.gpumem.model.Variable#getDeclFile()
	 * @see #getVariable()
	 * @generated
	 */
	EAttribute getVariable_DeclFile();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.Variable#getDeclLine <em>Decl Line</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Decl Line</em>'.
	 * @see org.gpumem.model.Variable#getDeclLine()
	 * @see #getVariable()
	 * @generated
	 */
	EAttribute getVariable_DeclLine();

	/**
	 * Returns the meta object for class '{@link org.gpumem.model.MemoryState <em>Memory State</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for class '<em>Memory State</em>'.
	 * @see org.gpumem.model.MemoryState
	 * @generated
	 */
	EClass getMemoryState();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.MemoryState#getName <em>Name</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Name</em>'.
	 * @see org.gpumem.model.MemoryState#getName()
	 * @see #getMemoryState()
	 * @generated
	 */
	EAttribute getMemoryState_Name();

	/**
	 * Returns the meta object for the attribute '{@link org.gpumem.model.MemoryState#getProgram <em>Program</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the attribute '<em>Program</em>'.
	 * @see org.gpumem.model.MemoryState#getProgram()
	 * @see #getMemoryState()
	 * @generated
	 */
	EAttribute getMemoryState_Program();

	/**
	 * Returns the meta object for the containment reference '{@link org.gpumem.model.MemoryState#getTarget <em>Target</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the containment reference '<em>Target</em>'.
	 * @see org.gpumem.model.MemoryState#getTarget()
	 * @see #getMemoryState()
	 * @generated
	 */
	EReference getMemoryState_Target();

	/**
	 * Returns the meta object for the containment reference '{@link org.gpumem.model.MemoryState#getDevice <em>Device</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the containment reference '<em>Device</em>'.
	 * @see org.gpumem.model.MemoryState#getDevice()
	 * @see #getMemoryState()
	 * @generated
	 */
	EReference getMemoryState_Device();

	/**
	 * Returns the meta object for the containment reference list '{@link org.gpumem.model.MemoryState#getVariables <em>Variables</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for the containment reference list '<em>Variables</em>'.
	 * @see org.gpumem.model.MemoryState#getVariables()
	 * @see #getMemoryState()
	 * @generated
	 */
	EReference getMemoryState_Variables();

	/**
	 * Returns the meta object for enum '{@link org.gpumem.model.Scope <em>Scope</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for enum '<em>Scope</em>'.
	 * @see org.gpumem.model.Scope
	 * @generated
	 */
	EEnum getScope();

	/**
	 * Returns the meta object for data type '{@link org.gpumem.model.memory.ByteSource <em>Byte Source</em>}'.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the meta object for data type '<em>Byte Source</em>'.
	 * @see org.gpumem.model.memory.ByteSource
	 * @model instanceClass="org.gpumem.model.memory.ByteSource" serializeable="false"
	 * @generated
	 */
	EDataType getByteSource();

	/**
	 * Returns the factory that creates the instances of the model.
	 * <!-- begin-user-doc -->
	 * <!-- end-user-doc -->
	 * @return the factory that creates the instances of the model.
	 * @generated
	 */
	GpumemFactory getGpumemFactory();

	/**
	 * <!-- begin-user-doc -->
	 * Defines literals for the meta objects that represent
	 * <ul>
	 *   <li>each class,</li>
	 *   <li>each feature of each class,</li>
	 *   <li>each operation of each class,</li>
	 *   <li>each enum,</li>
	 *   <li>and each data type</li>
	 * </ul>
	 * <!-- end-user-doc -->
	 * @generated
	 */
	interface Literals {
		/**
		 * The meta object literal for the '{@link org.gpumem.model.TargetImpl <em>Target</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.TargetImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getTarget()
		 * @generated
		 */
		EClass TARGET = eINSTANCE.getTarget();

		/**
		 * The meta object literal for the '<em><b>Name</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute TARGET__NAME = eINSTANCE.getTarget_Name();

		/**
		 * The meta object literal for the '<em><b>Architecture</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute TARGET__ARCHITECTURE = eINSTANCE.getTarget_Architecture();

		/**
		 * The meta object literal for the '<em><b>Subgroup Size</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute TARGET__SUBGROUP_SIZE = eINSTANCE.getTarget_SubgroupSize();

		/**
		 * The meta object literal for the '<em><b>Description</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute TARGET__DESCRIPTION = eINSTANCE.getTarget_Description();

		/**
		 * The meta object literal for the '<em><b>Storages</b></em>' containment reference list feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference TARGET__STORAGES = eINSTANCE.getTarget_Storages();

		/**
		 * The meta object literal for the '<em><b>Address Spaces</b></em>' containment reference list feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference TARGET__ADDRESS_SPACES = eINSTANCE.getTarget_AddressSpaces();

		/**
		 * The meta object literal for the '<em><b>Default Space</b></em>' reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference TARGET__DEFAULT_SPACE = eINSTANCE.getTarget_DefaultSpace();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.StorageImpl <em>Storage</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.StorageImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getStorage()
		 * @generated
		 */
		EClass STORAGE = eINSTANCE.getStorage();

		/**
		 * The meta object literal for the '<em><b>Name</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute STORAGE__NAME = eINSTANCE.getStorage_Name();

		/**
		 * The meta object literal for the '<em><b>Scope</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute STORAGE__SCOPE = eINSTANCE.getStorage_Scope();

		/**
		 * The meta object literal for the '<em><b>Default Size</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute STORAGE__DEFAULT_SIZE = eINSTANCE.getStorage_DefaultSize();

		/**
		 * The meta object literal for the '<em><b>Read Only</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute STORAGE__READ_ONLY = eINSTANCE.getStorage_ReadOnly();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.AddressSpaceImpl <em>Address Space</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.AddressSpaceImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getAddressSpace()
		 * @generated
		 */
		EClass ADDRESS_SPACE = eINSTANCE.getAddressSpace();

		/**
		 * The meta object literal for the '<em><b>Name</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute ADDRESS_SPACE__NAME = eINSTANCE.getAddressSpace_Name();

		/**
		 * The meta object literal for the '<em><b>Dwarf Number</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute ADDRESS_SPACE__DWARF_NUMBER = eINSTANCE.getAddressSpace_DwarfNumber();

		/**
		 * The meta object literal for the '<em><b>Aliases</b></em>' attribute list feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute ADDRESS_SPACE__ALIASES = eINSTANCE.getAddressSpace_Aliases();

		/**
		 * The meta object literal for the '<em><b>Vendor Codes</b></em>' containment reference list feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference ADDRESS_SPACE__VENDOR_CODES = eINSTANCE.getAddressSpace_VendorCodes();

		/**
		 * The meta object literal for the '<em><b>Address Bits</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute ADDRESS_SPACE__ADDRESS_BITS = eINSTANCE.getAddressSpace_AddressBits();

		/**
		 * The meta object literal for the '<em><b>Read Only</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute ADDRESS_SPACE__READ_ONLY = eINSTANCE.getAddressSpace_ReadOnly();

		/**
		 * The meta object literal for the '<em><b>Scope</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute ADDRESS_SPACE__SCOPE = eINSTANCE.getAddressSpace_Scope();

		/**
		 * The meta object literal for the '<em><b>Access</b></em>' containment reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference ADDRESS_SPACE__ACCESS = eINSTANCE.getAddressSpace_Access();

		/**
		 * The meta object literal for the '<em><b>Description</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute ADDRESS_SPACE__DESCRIPTION = eINSTANCE.getAddressSpace_Description();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.VendorCodeImpl <em>Vendor Code</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.VendorCodeImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getVendorCode()
		 * @generated
		 */
		EClass VENDOR_CODE = eINSTANCE.getVendorCode();

		/**
		 * The meta object literal for the '<em><b>Scheme</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute VENDOR_CODE__SCHEME = eINSTANCE.getVendorCode_Scheme();

		/**
		 * The meta object literal for the '<em><b>Value</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute VENDOR_CODE__VALUE = eINSTANCE.getVendorCode_Value();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.AccessPatternImpl <em>Access Pattern</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.AccessPatternImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getAccessPattern()
		 * @generated
		 */
		EClass ACCESS_PATTERN = eINSTANCE.getAccessPattern();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.LinearAccessImpl <em>Linear Access</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.LinearAccessImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getLinearAccess()
		 * @generated
		 */
		EClass LINEAR_ACCESS = eINSTANCE.getLinearAccess();

		/**
		 * The meta object literal for the '<em><b>Storage</b></em>' reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference LINEAR_ACCESS__STORAGE = eINSTANCE.getLinearAccess_Storage();

		/**
		 * The meta object literal for the '<em><b>Base</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute LINEAR_ACCESS__BASE = eINSTANCE.getLinearAccess_Base();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.WindowAccessImpl <em>Window Access</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.WindowAccessImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getWindowAccess()
		 * @generated
		 */
		EClass WINDOW_ACCESS = eINSTANCE.getWindowAccess();

		/**
		 * The meta object literal for the '<em><b>Windows</b></em>' containment reference list feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference WINDOW_ACCESS__WINDOWS = eINSTANCE.getWindowAccess_Windows();

		/**
		 * The meta object literal for the '<em><b>Fallback</b></em>' reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference WINDOW_ACCESS__FALLBACK = eINSTANCE.getWindowAccess_Fallback();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.WindowImpl <em>Window</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.WindowImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getWindow()
		 * @generated
		 */
		EClass WINDOW = eINSTANCE.getWindow();

		/**
		 * The meta object literal for the '<em><b>Start</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute WINDOW__START = eINSTANCE.getWindow_Start();

		/**
		 * The meta object literal for the '<em><b>Length</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute WINDOW__LENGTH = eINSTANCE.getWindow_Length();

		/**
		 * The meta object literal for the '<em><b>Space</b></em>' reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference WINDOW__SPACE = eINSTANCE.getWindow_Space();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.InterleavedAccessImpl <em>Interleaved Access</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.InterleavedAccessImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getInterleavedAccess()
		 * @generated
		 */
		EClass INTERLEAVED_ACCESS = eINSTANCE.getInterleavedAccess();

		/**
		 * The meta object literal for the '<em><b>Storage</b></em>' reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference INTERLEAVED_ACCESS__STORAGE = eINSTANCE.getInterleavedAccess_Storage();

		/**
		 * The meta object literal for the '<em><b>Element Size</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute INTERLEAVED_ACCESS__ELEMENT_SIZE = eINSTANCE.getInterleavedAccess_ElementSize();

		/**
		 * The meta object literal for the '<em><b>Lane Count</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute INTERLEAVED_ACCESS__LANE_COUNT = eINSTANCE.getInterleavedAccess_LaneCount();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.StridedAccessImpl <em>Strided Access</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.StridedAccessImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getStridedAccess()
		 * @generated
		 */
		EClass STRIDED_ACCESS = eINSTANCE.getStridedAccess();

		/**
		 * The meta object literal for the '<em><b>Storage</b></em>' reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference STRIDED_ACCESS__STORAGE = eINSTANCE.getStridedAccess_Storage();

		/**
		 * The meta object literal for the '<em><b>Base</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute STRIDED_ACCESS__BASE = eINSTANCE.getStridedAccess_Base();

		/**
		 * The meta object literal for the '<em><b>Element Size</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute STRIDED_ACCESS__ELEMENT_SIZE = eINSTANCE.getStridedAccess_ElementSize();

		/**
		 * The meta object literal for the '<em><b>Stride</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute STRIDED_ACCESS__STRIDE = eINSTANCE.getStridedAccess_Stride();

		/**
		 * The meta object literal for the '<em><b>Lane Stride</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute STRIDED_ACCESS__LANE_STRIDE = eINSTANCE.getStridedAccess_LaneStride();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.ContextImpl <em>Context</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.ContextImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getContext()
		 * @generated
		 */
		EClass CONTEXT = eINSTANCE.getContext();

		/**
		 * The meta object literal for the '<em><b>Scope</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute CONTEXT__SCOPE = eINSTANCE.getContext_Scope();

		/**
		 * The meta object literal for the '<em><b>Index</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute CONTEXT__INDEX = eINSTANCE.getContext_Index();

		/**
		 * The meta object literal for the '<em><b>X</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute CONTEXT__X = eINSTANCE.getContext_X();

		/**
		 * The meta object literal for the '<em><b>Y</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute CONTEXT__Y = eINSTANCE.getContext_Y();

		/**
		 * The meta object literal for the '<em><b>Z</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute CONTEXT__Z = eINSTANCE.getContext_Z();

		/**
		 * The meta object literal for the '<em><b>Name</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute CONTEXT__NAME = eINSTANCE.getContext_Name();

		/**
		 * The meta object literal for the '<em><b>Pools</b></em>' containment reference list feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference CONTEXT__POOLS = eINSTANCE.getContext_Pools();

		/**
		 * The meta object literal for the '<em><b>Children</b></em>' containment reference list feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference CONTEXT__CHILDREN = eINSTANCE.getContext_Children();

		/**
		 * The meta object literal for the '<em><b>Parent</b></em>' container reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference CONTEXT__PARENT = eINSTANCE.getContext_Parent();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.PoolImpl <em>Pool</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.PoolImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getPool()
		 * @generated
		 */
		EClass POOL = eINSTANCE.getPool();

		/**
		 * The meta object literal for the '<em><b>Storage</b></em>' reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference POOL__STORAGE = eINSTANCE.getPool_Storage();

		/**
		 * The meta object literal for the '<em><b>Size</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute POOL__SIZE = eINSTANCE.getPool_Size();

		/**
		 * The meta object literal for the '<em><b>Key</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute POOL__KEY = eINSTANCE.getPool_Key();

		/**
		 * The meta object literal for the '<em><b>Source</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute POOL__SOURCE = eINSTANCE.getPool_Source();

		/**
		 * The meta object literal for the '<em><b>Owner</b></em>' container reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference POOL__OWNER = eINSTANCE.getPool_Owner();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.LocationImpl <em>Location</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.LocationImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getLocation()
		 * @generated
		 */
		EClass LOCATION = eINSTANCE.getLocation();

		/**
		 * The meta object literal for the '<em><b>Context</b></em>' reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference LOCATION__CONTEXT = eINSTANCE.getLocation_Context();

		/**
		 * The meta object literal for the '<em><b>Space</b></em>' reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference LOCATION__SPACE = eINSTANCE.getLocation_Space();

		/**
		 * The meta object literal for the '<em><b>Offset</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute LOCATION__OFFSET = eINSTANCE.getLocation_Offset();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.VariableImpl <em>Variable</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.VariableImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getVariable()
		 * @generated
		 */
		EClass VARIABLE = eINSTANCE.getVariable();

		/**
		 * The meta object literal for the '<em><b>Name</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute VARIABLE__NAME = eINSTANCE.getVariable_Name();

		/**
		 * The meta object literal for the '<em><b>Type Name</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute VARIABLE__TYPE_NAME = eINSTANCE.getVariable_TypeName();

		/**
		 * The meta object literal for the '<em><b>Byte Size</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute VARIABLE__BYTE_SIZE = eINSTANCE.getVariable_ByteSize();

		/**
		 * The meta object literal for the '<em><b>Location Description</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute VARIABLE__LOCATION_DESCRIPTION = eINSTANCE.getVariable_LocationDescription();

		/**
		 * The meta object literal for the '<em><b>Space</b></em>' reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference VARIABLE__SPACE = eINSTANCE.getVariable_Space();

		/**
		 * The meta object literal for the '<em><b>Offset</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute VARIABLE__OFFSET = eINSTANCE.getVariable_Offset();

		/**
		 * The meta object literal for the '<em><b>Decl File</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute VARIABLE__DECL_FILE = eINSTANCE.getVariable_DeclFile();

		/**
		 * The meta object literal for the '<em><b>Decl Line</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute VARIABLE__DECL_LINE = eINSTANCE.getVariable_DeclLine();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.MemoryStateImpl <em>Memory State</em>}' class.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.MemoryStateImpl
		 * @see org.gpumem.model.GpumemPackageImpl#getMemoryState()
		 * @generated
		 */
		EClass MEMORY_STATE = eINSTANCE.getMemoryState();

		/**
		 * The meta object literal for the '<em><b>Name</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute MEMORY_STATE__NAME = eINSTANCE.getMemoryState_Name();

		/**
		 * The meta object literal for the '<em><b>Program</b></em>' attribute feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EAttribute MEMORY_STATE__PROGRAM = eINSTANCE.getMemoryState_Program();

		/**
		 * The meta object literal for the '<em><b>Target</b></em>' containment reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference MEMORY_STATE__TARGET = eINSTANCE.getMemoryState_Target();

		/**
		 * The meta object literal for the '<em><b>Device</b></em>' containment reference feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference MEMORY_STATE__DEVICE = eINSTANCE.getMemoryState_Device();

		/**
		 * The meta object literal for the '<em><b>Variables</b></em>' containment reference list feature.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @generated
		 */
		EReference MEMORY_STATE__VARIABLES = eINSTANCE.getMemoryState_Variables();

		/**
		 * The meta object literal for the '{@link org.gpumem.model.Scope <em>Scope</em>}' enum.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.Scope
		 * @see org.gpumem.model.GpumemPackageImpl#getScope()
		 * @generated
		 */
		EEnum SCOPE = eINSTANCE.getScope();

		/**
		 * The meta object literal for the '<em>Byte Source</em>' data type.
		 * <!-- begin-user-doc -->
		 * <!-- end-user-doc -->
		 * @see org.gpumem.model.memory.ByteSource
		 * @see org.gpumem.model.GpumemPackageImpl#getByteSource()
		 * @generated
		 */
		EDataType BYTE_SOURCE = eINSTANCE.getByteSource();

	}

} //GpumemPackage
