/**
 * Address spaces as DWARF numbers them: {@link org.gpumem.dwarf.aspace.AddressSpaceRegistry}
 * owns the vendor tables (NVIDIA's PTX state spaces, AMDGPU's, LLVM's) and picks one by target
 * and producer; {@link org.gpumem.dwarf.aspace.AddressSpaceEncodings} fixes the opcode and
 * attribute numbers the address-space proposal leaves open; the rest of gpumem asks them.
 */
package org.gpumem.dwarf.aspace;
