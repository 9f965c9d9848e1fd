// gpumem's extension of the Debug Adapter Protocol, as docs/DAP-ADDRESS-SPACES.md specifies it:
// the shapes of the custom requests' arguments and bodies, and the memoryReference notation.
// Nothing here depends on VS Code, so the tests and any other client can use it.

import type { ScopeName } from './state';

export type { ScopeName };

/** How a space's offsets reach its storage. */
export type Access =
  | { kind: 'linear'; base: number }
  | { kind: 'window'; windows: { base: string; size: string; space: string }[]; fallback?: string }
  | { kind: 'interleaved'; elementSize: number; laneCount: number }
  | { kind: 'strided'; elementSize: number; laneStride: number };

/** One address space of the target, seen from one context. */
export interface SpaceInfo {
  name: string;
  aliases: string[];
  /** The space's address size in bits (offsets are printed with bits / 4 hex digits). */
  addressBits: number;
  scope: ScopeName;
  readOnly: boolean;
  /** The physical memory the space reaches (two spaces on one storage show the same bytes). */
  storage?: string;
  access: Access;
  description?: string;
  /** The context of the space's scope that the request's context lies in, or absent when none does. */
  context?: string;
  /** The offsets the space reaches from that context: [start, end) as hex strings; absent when none. */
  start?: string;
  end?: string;
  /** memoryReference of the space's first byte from that context; absent when the space is unreadable there. */
  memoryReference?: string;
}

/** A resident context: a CTA with its warps, a warp with its lane count. */
export interface ContextInfo {
  name: string;
  scope: ScopeName;
  /** Threads (lanes) that exist in a warp; absent for CTAs. */
  lanes?: number;
  children?: ContextInfo[];
}

/** The CUDA focus: the lane that variables, memory references and evaluation use. */
export interface FocusInfo {
  cta: string;
  warp: string;
  lane: string;
  /** cuda-gdb's words: block (x,y,z) thread (x,y,z). */
  thread: string;
  /** The DAP thread (the focused warp). */
  threadId: number;
}

export interface AddressSpacesArguments {
  /** The context the spaces are seen from (default: the focus). */
  context?: string;
}

export interface AddressSpacesBody {
  /** The model target's architecture string, e.g. "nvptx gpumem-sim". */
  target: string;
  /** What the target's vendor calls each scope's contexts (CTA, warp, lane on NVIDIA). */
  terms: { [scope: string]: string };
  /** The name of the space of plain numeric addresses (generic on CUDA). */
  defaultSpace: string;
  spaces: SpaceInfo[];
  /** The resident CTAs with their warps. */
  contexts: ContextInfo[];
  focus: FocusInfo;
}

export interface FocusArguments {
  /** cuda-gdb's `cuda block (x,y,z) thread (x,y,z)`: both, or one of them (the other kept). */
  block?: number[];
  thread?: number[];
  /** Or a lane, warp or CTA context as the other requests name them. */
  context?: string;
}

export interface LanesArguments {
  expression: string;
  frameId?: number;
  /** The warp whose lanes evaluate it (default: the focused warp). */
  warp?: string;
}

export interface LaneValue {
  lane: number;
  context: string;
  /** The value, or absent with `error` saying why this lane has none. */
  value?: string;
  memoryReference?: string;
  error?: string;
}

export interface LanesBody {
  type?: string;
  lanes: LaneValue[];
}

/** Where a memoryReference points: a space, the context it is seen from, an offset in the space. */
export interface SpaceReference {
  space: string;
  context: string;
  offset: bigint;
}

const REFERENCE = /^(\S+) \[([^\]]+)\] \+0x([0-9a-fA-F]+)$/;

/** The memoryReference notation: `shared [CTA (1,0,0)] +0x40`, the label of gpumem's memory blocks. */
export function formatReference(ref: SpaceReference): string {
  if (ref.offset < 0n) {
    throw new RangeError(`negative offset ${ref.offset} in ${ref.space}`);
  }
  return `${ref.space} [${ref.context}] +0x${ref.offset.toString(16)}`;
}

/** Reads a memoryReference back, or returns undefined when it is not in gpumem's notation. */
export function parseReference(text: string): SpaceReference | undefined {
  const m = REFERENCE.exec(text);
  return m ? { space: m[1], context: m[2], offset: BigInt('0x' + m[3]) } : undefined;
}

/** The context of lane `lane` of a warp, as the protocol names lanes. */
export function laneContext(warp: string, lane: number): string {
  return `${warp} lane ${lane}`;
}

/** Parses a hex string of the protocol (`0x...`) as a bigint. */
export function hexNumber(text: string): bigint {
  return BigInt(text.startsWith('0x') ? text : '0x' + text);
}
