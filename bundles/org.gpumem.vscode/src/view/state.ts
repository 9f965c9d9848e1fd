// What the extension host sends the webview to draw, and what the webview sends back. Types
// only: the webview's script compiles against them too.

import type { ValueType } from './values';

export type ScopeName = 'system' | 'device' | 'grid' | 'work-group' | 'subgroup' | 'lane';

export interface Cell {
  text: string;
  /** The byte or value changed since the previous stop. */
  changed?: boolean;
  /** The lane the cell belongs to (its colour). */
  lane?: number;
  title?: string;
}

export interface Grid {
  header: string;
  columns: string[];
  rows: Cell[][];
}

/** What the webview draws. */
export interface ViewState {
  status?: string;
  /** label: the name and the vendor's word for its scope (`shared (CTA)`); title: with its description. */
  spaces: { name: string; scope: ScopeName; label: string; title: string }[];
  space?: string;
  contexts: string[];
  context?: string;
  offset: string;
  length: number;
  lengths: number[];
  types: ValueType[];
  type: ValueType;
  /** The space interleaves by lane: the lanes grid and its physical toggle apply. */
  lanesAvailable: boolean;
  lanes: boolean;
  physical: boolean;
  /** The lanes of a warp (the colours of the lanes grid). */
  laneCount: number;
  focus?: string;
  grid?: Grid;
}

/** Messages from the extension host to the webview. */
export type ToWebview = { kind: 'state'; state: ViewState } | { kind: 'status'; text: string };

/** Messages from the webview: it is ready, or the user changed the selection. */
export type FromWebview =
  | { kind: 'ready' }
  | { kind: 'select'; space?: string; context?: string; offset?: string; length?: number; type?: ValueType;
    lanes?: boolean; physical?: boolean };
