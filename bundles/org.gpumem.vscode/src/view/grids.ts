// The tables the webview draws, computed from bytes read through the protocol: the address-space
// table (offsets in the space's width, hex bytes, typed columns) and the lanes grid (elements x
// lanes, or the physical pool with every lane's elements interleaved).

import type { Cell, Grid } from './state';
import { address, decode, hexByte, sizeOf, ValueType } from './values';

export type { Cell, Grid };

/** Bytes of one range with their readability and change flags. */
export interface Bytes {
  data: Uint8Array;
  readable: boolean[];
  changed: boolean[];
}

export const BYTES_PER_ROW = 16;

function anyIn(flags: readonly boolean[], from: number, length: number): boolean {
  for (let i = from; i < from + length && i < flags.length; i++) {
    if (flags[i]) {
      return true;
    }
  }
  return false;
}

/**
 * The address-space table of `bytes` read from offset `start` of a space: one row per 16 bytes,
 * the row's offset in the space's width, the 16 bytes in hex, and the row's values of `type`.
 */
export function spaceTable(title: string, start: bigint, addressBits: number, bytes: Bytes, type: ValueType): Grid {
  const size = sizeOf(type);
  const perRow = BYTES_PER_ROW / size;
  const columns = ['offset'];
  for (let i = 0; i < BYTES_PER_ROW; i++) {
    columns.push(i.toString(16));
  }
  for (let i = 0; i < perRow; i++) {
    columns.push(`${i === 0 ? type + ' ' : ''}+${(i * size).toString(16)}`);
  }
  const rows: Cell[][] = [];
  for (let row = 0; row * BYTES_PER_ROW < bytes.data.length; row++) {
    const base = row * BYTES_PER_ROW;
    const cells: Cell[] = [{ text: address(start + BigInt(base), addressBits) }];
    for (let i = base; i < base + BYTES_PER_ROW; i++) {
      cells.push(i < bytes.data.length
        ? { text: hexByte(bytes.data[i], bytes.readable[i]), changed: bytes.changed[i] }
        : { text: '' });
    }
    for (let i = 0; i < perRow; i++) {
      const at = base + i * size;
      const value = decode(bytes.data, at, type, bytes.readable);
      cells.push({ text: value ?? (at < bytes.data.length ? '??' : ''), changed: anyIn(bytes.changed, at, size) });
    }
    rows.push(cells);
  }
  return { header: title, columns, rows };
}

/**
 * Elements x lanes: `lanes[i]` holds lane `laneIndex[i]`'s bytes of a per-lane space from offset
 * `start`, cut into elements of `elementSize` bytes shown as `type` (of that size).
 */
export function lanesGrid(title: string, start: bigint, addressBits: number, elementSize: number, laneIndex: number[],
  lanes: Bytes[], type: ValueType): Grid {
  if (sizeOf(type) !== elementSize) {
    throw new RangeError(`a ${type} is not a ${elementSize}-byte element`);
  }
  const columns = ['element (offset)', ...laneIndex.map(l => `lane ${l}`)];
  const elements = Math.min(...lanes.map(b => Math.floor(b.data.length / elementSize)));
  const rows: Cell[][] = [];
  for (let k = 0; k < elements; k++) {
    const at = k * elementSize;
    const cells: Cell[] = [{ text: `${k} (${address(start + BigInt(at), addressBits)})` }];
    lanes.forEach((b, i) => cells.push({
      text: decode(b.data, at, type, b.readable) ?? '??',
      changed: anyIn(b.changed, at, elementSize),
      lane: laneIndex[i],
    }));
    rows.push(cells);
  }
  return { header: title, columns, rows };
}

export const WORDS_PER_PHYSICAL_ROW = 4;

/**
 * The physical pool of an interleaved space as stored, `WORDS_PER_PHYSICAL_ROW` elements a row:
 * the pool holds element k of lane n at k * laneCount * elementSize + n * elementSize, so each
 * cell is coloured by its lane and titled with the lane's element it holds.
 */
export function physicalGrid(title: string, start: bigint, elementSize: number, laneCount: number, pool: Bytes,
  type: ValueType): Grid {
  if (sizeOf(type) !== elementSize) {
    throw new RangeError(`a ${type} is not a ${elementSize}-byte element`);
  }
  const columns = ['pool offset'];
  for (let w = 0; w < WORDS_PER_PHYSICAL_ROW; w++) {
    columns.push('+' + (w * elementSize).toString(16));
  }
  const rows: Cell[][] = [];
  const rowBytes = WORDS_PER_PHYSICAL_ROW * elementSize;
  for (let row = 0; row * rowBytes < pool.data.length; row++) {
    const cells: Cell[] = [{ text: address(start + BigInt(row * rowBytes), 32) }];
    for (let w = 0; w < WORDS_PER_PHYSICAL_ROW; w++) {
      const at = row * rowBytes + w * elementSize;
      const absolute = start + BigInt(at);
      const word = absolute / BigInt(elementSize);
      const lane = Number(word % BigInt(laneCount));
      const element = word / BigInt(laneCount);
      cells.push({
        text: decode(pool.data, at, type, pool.readable) ?? (at < pool.data.length ? '??' : ''),
        changed: anyIn(pool.changed, at, elementSize),
        lane,
        title: `lane ${lane} element ${element}`,
      });
    }
    rows.push(cells);
  }
  return { header: title, columns, rows };
}
