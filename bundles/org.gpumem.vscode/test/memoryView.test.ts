import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MemoryView } from '../src/view/memoryView';
import { AddressSpacesBody, ContextInfo, parseReference, SpaceInfo } from '../src/view/protocol';

// A stand-in for gpumem dap over memory the test lays out itself: two resident CTAs of 64
// threads (two warps each), shared memory per CTA, and each warp's local pool interleaved by
// lane in 4-byte words, as the protocol document describes CUDA local memory.
const LANES = 32;
const WORD = 4;
const LOCAL_BYTES_PER_LANE = 64;
const SHARED_BYTES = 512;

function interleavedOffset(lane: number, offset: number): number {
  return Math.floor(offset / WORD) * LANES * WORD + lane * WORD + (offset % WORD);
}

class FakeAdapter {
  readonly shared = new Map<string, Uint8Array>();
  readonly localPools = new Map<string, Uint8Array>();
  readonly requests: { command: string; args: any }[] = [];
  readonly ctas: ContextInfo[] = [];
  focusLane = 'CTA (0,0,0) warp 0 lane 5';

  constructor() {
    for (const cta of ['CTA (0,0,0)', 'CTA (1,0,0)']) {
      this.shared.set(cta, new Uint8Array(SHARED_BYTES));
      const warps: ContextInfo[] = [];
      for (const w of [0, 1]) {
        const warp = `${cta} warp ${w}`;
        this.localPools.set(warp, new Uint8Array(LOCAL_BYTES_PER_LANE * LANES));
        warps.push({ name: warp, scope: 'subgroup', lanes: LANES });
      }
      this.ctas.push({ name: cta, scope: 'work-group', children: warps });
    }
  }

  /** Lane `lane` of `warp` writes a word into its local memory. */
  setLocalWord(warp: string, lane: number, offset: number, value: number): void {
    new DataView(this.localPools.get(warp)!.buffer).setInt32(interleavedOffset(lane, offset), value, true);
  }

  private space(name: string, scope: SpaceInfo['scope'], storage: string, access: SpaceInfo['access'], context: string | undefined,
    size: number): SpaceInfo {
    return {
      name, aliases: [], addressBits: 32, scope, readOnly: false, storage, access, context,
      start: context === undefined ? undefined : '0x0', end: context === undefined ? undefined : '0x' + size.toString(16),
    };
  }

  async customRequest(command: string, args: any): Promise<any> {
    this.requests.push({ command, args });
    if (command === 'gpumem/addressSpaces') {
      const from: string = args?.context ?? this.focusLane;
      const cta = this.ctas.find(c => from === c.name || from.startsWith(c.name + ' '))!;
      const warp = cta.children!.find(w => from === w.name || from.startsWith(w.name + ' '));
      const lane = / lane \d+$/.test(from) ? from : undefined;
      const body: AddressSpacesBody = {
        target: 'nvptx test', terms: { 'work-group': 'CTA', subgroup: 'warp', lane: 'lane', device: 'device' },
        defaultSpace: 'shared',
        spaces: [
          this.space('shared', 'work-group', 'shared', { kind: 'linear', base: 0 }, cta.name, SHARED_BYTES),
          this.space('local', 'lane', 'local', { kind: 'interleaved', elementSize: WORD, laneCount: LANES }, lane, LOCAL_BYTES_PER_LANE),
          this.space('local_warp', 'subgroup', 'local', { kind: 'linear', base: 0 }, warp?.name, LOCAL_BYTES_PER_LANE * LANES),
        ],
        contexts: this.ctas,
        focus: { cta: 'CTA (0,0,0)', warp: 'CTA (0,0,0) warp 0', lane: this.focusLane, thread: 'block (0,0,0) thread (5,0,0)', threadId: 1 },
      };
      return body;
    }
    if (command === 'readMemory') {
      const ref = parseReference(args.memoryReference)!;
      const offset = Number(ref.offset) + args.offset;
      let bytes: Uint8Array;
      if (ref.space === 'shared') {
        bytes = this.shared.get(ref.context)!.subarray(offset, offset + args.count);
      } else if (ref.space === 'local_warp') {
        bytes = this.localPools.get(ref.context)!.subarray(offset, offset + args.count);
      } else {
        const [, warp, lane] = /^(.*) lane (\d+)$/.exec(ref.context)!;
        const pool = this.localPools.get(warp)!;
        bytes = new Uint8Array(Math.max(0, Math.min(args.count, LOCAL_BYTES_PER_LANE - offset)));
        for (let i = 0; i < bytes.length; i++) {
          bytes[i] = pool[interleavedOffset(Number(lane), offset + i)];
        }
      }
      return { address: '0x' + offset.toString(16), data: Buffer.from(bytes).toString('base64') };
    }
    throw new Error(`unexpected request ${command}`);
  }
}

test('shared memory of the CTA picked, with typed columns and the bytes changed since the previous stop', async () => {
  const adapter = new FakeAdapter();
  const shared = new DataView(adapter.shared.get('CTA (1,0,0)')!.buffer);
  for (let i = 0; i < SHARED_BYTES / 4; i++) {
    shared.setInt32(i * 4, i * i - 100, true);
  }
  const view = new MemoryView(adapter);
  view.select({ space: 'shared', context: 'CTA (1,0,0)', type: 's32', length: 256 });
  let state = await view.render();
  assert.equal(state.context, 'CTA (1,0,0)');
  assert.deepEqual(state.contexts, ['CTA (0,0,0)', 'CTA (1,0,0)']);
  const grid = state.grid!;
  assert.equal(grid.rows.length, 256 / 16);
  assert.equal(grid.columns.length, 1 + 16 + 4);
  for (let row = 0; row < grid.rows.length; row++) {
    assert.equal(grid.rows[row][0].text, '0x' + (row * 16).toString(16).padStart(8, '0'));
    for (let k = 0; k < 4; k++) {
      const i = row * 4 + k;
      assert.equal(grid.rows[row][17 + k].text, String(i * i - 100));
      assert.equal(grid.rows[row][1 + k * 4].text, ((i * i - 100) & 0xff).toString(16).padStart(2, '0'));
    }
  }
  assert.ok(adapter.requests.some(r => r.command === 'readMemory' && r.args.memoryReference === 'shared [CTA (1,0,0)] +0x0'));

  view.stopped();
  shared.setInt32(4 * 9, 7, true);
  state = await view.render();
  const changed = state.grid!.rows.flatMap((row, r) => row.map((c, k) => (c.changed ? `${r}:${state.grid!.columns[k]}` : ''))).filter(x => x);
  assert.deepEqual(changed, ['2:4', '2:5', '2:6', '2:7', '2:+4']);
  assert.equal(state.grid!.rows[2][18].text, '7');
});

test('lanes x elements of a warp\'s local memory, and the physical pool with the lanes interleaved', async () => {
  const adapter = new FakeAdapter();
  const warp = 'CTA (1,0,0) warp 1';
  for (let lane = 0; lane < LANES; lane++) {
    for (let k = 0; k < LOCAL_BYTES_PER_LANE / WORD; k++) {
      adapter.setLocalWord(warp, lane, k * WORD, lane * 1000 + k);
    }
  }
  const view = new MemoryView(adapter);
  view.select({ space: 'local' });
  view.select({ context: `${warp} lane 3`, lanes: true, type: 's32' });
  let state = await view.render();
  assert.ok(state.lanesAvailable);
  assert.equal(state.type, 's32');
  assert.deepEqual(state.types, ['u32', 's32', 'f32', 'hex32']);
  let grid = state.grid!;
  assert.equal(grid.columns.length, 1 + LANES);
  assert.equal(grid.rows.length, LOCAL_BYTES_PER_LANE / WORD);
  for (let k = 0; k < grid.rows.length; k++) {
    for (let lane = 0; lane < LANES; lane++) {
      assert.equal(grid.rows[k][1 + lane].text, String(lane * 1000 + k));
      assert.equal(grid.rows[k][1 + lane].lane, lane);
    }
  }

  view.select({ physical: true });
  state = await view.render();
  grid = state.grid!;
  assert.ok(adapter.requests.some(r => r.command === 'readMemory' && r.args.memoryReference === `local_warp [${warp}] +0x0`));
  for (const row of grid.rows) {
    const rowOffset = Number(BigInt(row[0].text));
    for (let w = 0; w < 4; w++) {
      const cell = row[1 + w];
      const poolOffset = rowOffset + w * WORD;
      if (poolOffset >= LOCAL_BYTES_PER_LANE * LANES) {
        assert.equal(cell.text, '??');
        continue;
      }
      const lane = (poolOffset / WORD) % LANES;
      const element = Math.floor(poolOffset / (WORD * LANES));
      assert.equal(interleavedOffset(lane, element * WORD), poolOffset);
      assert.equal(cell.lane, lane);
      assert.equal(cell.text, String(lane * 1000 + element));
      assert.equal(cell.title, `lane ${lane} element ${element}`);
    }
  }
});

test('a context of another scope than the space\'s is refused with the reason, not replaced', async () => {
  const adapter = new FakeAdapter();
  const view = new MemoryView(adapter);
  view.select({ space: 'local_warp' });
  const state = await view.render();
  assert.equal(state.context, 'CTA (0,0,0) warp 0', 'the focus\'s warp');
  assert.ok(state.grid);
  view.select({ context: 'CTA (1,0,0)' });
  const refused = await view.render();
  assert.equal(refused.context, 'CTA (1,0,0)');
  assert.equal(refused.grid, undefined);
  assert.equal(refused.status, 'local_warp is seen from a warp: pick one, CTA (1,0,0) is not');
});
