// The data path of the GPU memory webview: asks the debug adapter for the target's address spaces
// (gpumem/addressSpaces) and reads the chosen space from the chosen context with readMemory, then
// gives the webview the grid to draw. Independent of VS Code: the port is anything that sends a
// request and answers with the response's body (a vscode.DebugSession, a test's DebugClient).

import { ChangeTracker } from './changes';
import { Bytes, Grid, lanesGrid, physicalGrid, spaceTable } from './grids';
import {
  AddressSpacesBody, ContextInfo, formatReference, hexNumber, laneContext, ScopeName, SpaceInfo,
} from './protocol';
import type { ViewState } from './state';
import { sizeOf, VALUE_TYPES, ValueType } from './values';

export type { ViewState };

export interface DebugPort {
  customRequest(command: string, args?: unknown): PromiseLike<any>;
}

/** What the user chose in the webview. */
export interface Selection {
  space?: string;
  /** The context the space is seen from; undefined: the focus's. */
  context?: string;
  offset: bigint;
  length: number;
  type: ValueType;
  lanes: boolean;
  physical: boolean;
}

export const LENGTHS = [256, 1024, 4096, 16384, 65536];
/** Contexts offered in the picker at most (a context can always be typed). */
const MAX_CONTEXTS = 2048;
/** Elements per lane shown in the lanes grid at most. */
export const LANE_ELEMENTS = 256;

export class MemoryView {
  private readonly changes = new ChangeTracker();
  private stop = 0;
  private selection: Selection = { offset: 0n, length: 1024, type: 'u32', lanes: false, physical: false };

  constructor(private readonly port: DebugPort) {}

  /** The kernel stopped again: the next render compares with what this stop's predecessor showed. */
  stopped(): void {
    this.stop++;
  }

  /** A new debug session: nothing to compare with. */
  reset(): void {
    this.changes.clear();
    this.stop = 0;
    this.selection = { offset: 0n, length: 1024, type: 'u32', lanes: false, physical: false };
  }

  select(change: Partial<Selection>): void {
    if (change.space !== undefined && change.space !== this.selection.space) {
      // another space has its own scope: start from the focus's context in it
      this.selection.context = undefined;
      this.selection.offset = 0n;
    }
    this.selection = { ...this.selection, ...change };
  }

  current(): Selection {
    return { ...this.selection };
  }

  /** Reads what the selection shows and returns the view's state. */
  async render(): Promise<ViewState> {
    const spaces: AddressSpacesBody = await this.port.customRequest('gpumem/addressSpaces', {});
    const sel = this.selection;
    let entry = spaces.spaces.find(s => s.name === sel.space)
      ?? spaces.spaces.find(s => s.name === spaces.defaultSpace) ?? spaces.spaces[0];
    sel.space = entry.name;
    let refused: string | undefined;
    if (sel.context !== undefined && sel.context !== entry.context) {
      const seen: AddressSpacesBody = await this.port.customRequest('gpumem/addressSpaces', { context: sel.context });
      const there = seen.spaces.find(s => s.name === entry.name);
      if (there?.context === sel.context) {
        entry = there;
      } else {
        refused = `${entry.name} is seen from a ${spaces.terms[entry.scope] ?? entry.scope}: pick one, ${sel.context} is not`;
      }
    } else {
      sel.context = entry.context;
    }
    const interleaved = entry.access.kind === 'interleaved' ? entry.access : undefined;
    const lanes = sel.lanes && interleaved !== undefined;
    const types = lanes ? VALUE_TYPES.filter(t => sizeOf(t) === interleaved!.elementSize) : [...VALUE_TYPES];
    if (!types.includes(sel.type)) {
      sel.type = types.find(t => t.startsWith('s')) ?? types[0];
    }
    const state: ViewState = {
      spaces: spaces.spaces.map(s => ({
        name: s.name, scope: s.scope, label: `${s.name} (${spaces.terms[s.scope] ?? s.scope})`, title: describeSpace(s, spaces.terms),
      })),
      space: entry.name,
      contexts: contextsAt(entry.scope, spaces.contexts, sel.context),
      context: sel.context,
      offset: '0x' + sel.offset.toString(16),
      length: sel.length,
      lengths: LENGTHS,
      types,
      type: sel.type,
      lanesAvailable: interleaved !== undefined,
      lanes,
      physical: sel.physical,
      laneCount: interleaved?.laneCount ?? 0,
      focus: `${spaces.focus.thread} (${spaces.focus.lane})`,
    };
    if (refused !== undefined) {
      state.status = refused;
      return state;
    }
    if (entry.context === undefined || entry.start === undefined || entry.end === undefined) {
      state.status = `${entry.name} is not reachable from ${sel.context ?? 'the focus'}`;
      return state;
    }
    if (lanes) {
      state.grid = sel.physical
        ? await this.physical(entry, spaces, interleaved!.elementSize, interleaved!.laneCount)
        : await this.lanes(entry, spaces, interleaved!.elementSize);
    } else {
      state.grid = await this.table(entry);
    }
    return state;
  }

  private async table(entry: SpaceInfo): Promise<Grid> {
    const sel = this.selection;
    const start = hexNumber(entry.start!);
    const end = hexNumber(entry.end!);
    const from = sel.offset < start ? start : sel.offset;
    const count = Number(clamp(end - from, 0n, BigInt(sel.length)));
    const reference = formatReference({ space: entry.name, context: entry.context!, offset: from });
    const bytes = await this.read(reference, count);
    return spaceTable(`${reference} (${count} bytes of ${end - start})`, from, entry.addressBits, bytes, sel.type);
  }

  private async lanes(entry: SpaceInfo, spaces: AddressSpacesBody, elementSize: number): Promise<Grid> {
    const sel = this.selection;
    const warp = warpOf(entry.context!, spaces);
    const extent = hexNumber(entry.end!) - hexNumber(entry.start!);
    const elements = Number(clamp(extent / BigInt(elementSize), 0n, BigInt(LANE_ELEMENTS)));
    const laneIndex = [...Array(warp.lanes ?? 0).keys()];
    const perLane = await Promise.all(laneIndex.map(l =>
      this.read(formatReference({ space: entry.name, context: laneContext(warp.name, l), offset: hexNumber(entry.start!) }),
        elements * elementSize)));
    return lanesGrid(`${entry.name} of ${warp.name}: ${laneIndex.length} lanes x ${elements} elements of ${elementSize} bytes`,
      hexNumber(entry.start!), entry.addressBits, elementSize, laneIndex, perLane, sel.type);
  }

  private async physical(entry: SpaceInfo, spaces: AddressSpacesBody, elementSize: number, laneCount: number): Promise<Grid> {
    const warp = warpOf(entry.context!, spaces);
    // the space that shows the same storage as stored: linear, at the warp's scope
    const pool = spaces.spaces.find(s => s.storage === entry.storage && s.access.kind === 'linear' && s.scope === 'subgroup');
    if (!pool) {
      throw new Error(`the target has no space showing the ${entry.storage} pool of a warp as stored`);
    }
    const count = LANE_ELEMENTS * laneCount * elementSize;
    const reference = formatReference({ space: pool.name, context: warp.name, offset: 0n });
    const bytes = await this.read(reference, count);
    return physicalGrid(`${reference}: ${laneCount} lanes interleaved in ${elementSize}-byte elements; `
      + `lane n's element k at k*${laneCount * elementSize} + n*${elementSize}`, 0n, elementSize, laneCount, bytes,
    this.selection.type);
  }

  /** readMemory of `count` bytes: the bytes the adapter returned, the rest unreadable. */
  private async read(memoryReference: string, count: number): Promise<Bytes> {
    const body = await this.port.customRequest('readMemory', { memoryReference, offset: 0, count });
    const data = new Uint8Array(count);
    const readable = new Array<boolean>(count).fill(false);
    if (body?.data) {
      const got = Buffer.from(body.data, 'base64');
      data.set(got.subarray(0, count));
      readable.fill(true, 0, Math.min(count, got.length));
    }
    return { data, readable, changed: this.changes.observe(`${memoryReference}/${count}`, this.stop, data, readable) };
  }
}

function clamp(value: bigint, low: bigint, high: bigint): bigint {
  return value < low ? low : value > high ? high : value;
}

function describeSpace(s: SpaceInfo, terms: { [scope: string]: string }): string {
  return `${s.name} (${terms[s.scope] ?? s.scope}${s.readOnly ? ', read-only' : ''})${s.description ? ': ' + s.description : ''}`;
}

/** The warp a lane or warp context names, with its lane count. */
function warpOf(context: string, spaces: AddressSpacesBody): ContextInfo {
  for (const cta of spaces.contexts) {
    for (const warp of cta.children ?? []) {
      if (context === warp.name || context.startsWith(warp.name + ' ')) {
        return warp;
      }
    }
  }
  throw new Error(`${context} is in no resident warp`);
}

/** The contexts of `scope` to offer: every CTA, every warp, or the lanes of the current CTA. */
export function contextsAt(scope: ScopeName, ctas: ContextInfo[], current?: string): string[] {
  switch (scope) {
    case 'system':
    case 'device':
      return ['device'];
    case 'grid':
      return ['grid'];
    case 'work-group':
      return ctas.map(c => c.name).slice(0, MAX_CONTEXTS);
    case 'subgroup':
      return ctas.flatMap(c => (c.children ?? []).map(w => w.name)).slice(0, MAX_CONTEXTS);
    case 'lane': {
      const cta = ctas.find(c => current !== undefined && current.startsWith(c.name + ' ')) ?? ctas[0];
      return (cta?.children ?? []).flatMap(w => [...Array(w.lanes ?? 0).keys()].map(l => laneContext(w.name, l)))
        .slice(0, MAX_CONTEXTS);
    }
  }
}
