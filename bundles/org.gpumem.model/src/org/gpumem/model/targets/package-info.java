/**
 * Target descriptions: those of the GPUs gpumem knows (NVPTX, AMDGPU, Intel Xe:
 * {@link org.gpumem.model.targets.BuiltinTargets}), each call a fresh
 * {@link org.gpumem.model.Target}, and {@link org.gpumem.model.targets.TargetBuilder} for others,
 * which checks the references between spaces and storages when it builds.
 */
package org.gpumem.model.targets;
