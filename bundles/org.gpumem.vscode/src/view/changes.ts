// Which bytes changed since the previous stop, per memory range shown: the red bytes of the
// address-space table and the lanes grid, as the Eclipse renderings mark them.

interface Seen {
  stop: number;
  bytes: Uint8Array;
  readable: boolean[];
  /** What the range held when it was read at an earlier stop, the baseline of this stop's changes. */
  before?: Uint8Array;
  beforeReadable?: boolean[];
}

/**
 * Remembers the bytes of each range (a memoryReference and a length) read at each stop. Bytes
 * read at stop n are compared with what the same range held when it was last read at an earlier
 * stop; reading it again at the same stop (a re-render, another type) keeps stop n's changes.
 * A range never read before has no changes; nor do bytes unreadable then or now.
 */
export class ChangeTracker {
  private readonly seen = new Map<string, Seen>();

  /** The changed flags of `bytes`, read from `key` at stop `stop`. */
  observe(key: string, stop: number, bytes: Uint8Array, readable: boolean[]): boolean[] {
    const last = this.seen.get(key);
    let entry: Seen;
    if (!last) {
      entry = { stop, bytes, readable };
    } else if (last.stop === stop) {
      entry = { stop, bytes, readable, before: last.before, beforeReadable: last.beforeReadable };
    } else {
      entry = { stop, bytes, readable, before: last.bytes, beforeReadable: last.readable };
    }
    this.seen.set(key, entry);
    const changed = new Array<boolean>(bytes.length).fill(false);
    if (entry.before && entry.beforeReadable) {
      const n = Math.min(bytes.length, entry.before.length);
      for (let i = 0; i < n; i++) {
        changed[i] = readable[i] && entry.beforeReadable[i] && bytes[i] !== entry.before[i];
      }
    }
    return changed;
  }

  /** Forgets everything (a new debug session). */
  clear(): void {
    this.seen.clear();
  }
}
