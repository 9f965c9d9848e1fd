// Local memory by lane through gpumem dap: a kernel breakpoint and stopOnEntry on a launch file,
// then the webview's lanes grid and physical pool of a warp's local memory (local_array.cu's
// window[8]) over the real adapter, against values computed here from the source.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugProtocol } from '@vscode/debugprotocol';
import { MemoryView } from '../view/memoryView';
import { fixtures, startClient } from './harness';

const N = 128;
const BLOCK = 64;
/** `int result = weighted_sum(window, 8);`: the loop has filled window[0..7]. */
const CALL_LINE = 22;
/** With in[] = iota 0: window[k] of thread t of CTA c is stage[(t + k) % 64] = in[c * 64 + (t + k) % 64]. */
const windowOf = (cta: number, thread: number, k: number) => cta * BLOCK + ((thread + k) % BLOCK);

let dc: DebugClient;
let dir: string;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpumem-dap-'));
  dc = await startClient();
});

after(async () => {
  await dc.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('local_array: stop on entry, kernel breakpoint, then a warp\'s local memory as lanes and as the interleaved pool', async () => {
  const launch = path.join(dir, 'local_array.launch.json');
  fs.writeFileSync(launch, JSON.stringify({
    module: path.join(fixtures, 'kernels', 'local_array.G.ptx'), kernel: 'local_weighted', grid: N / BLOCK, block: BLOCK,
    args: [{ buffer: 'in', type: 's32', count: N, init: { iota: 0 } }, { buffer: 'out', type: 's32', count: N }, { s32: N }],
    outputs: ['out'],
  }));
  await dc.initializeRequest({ adapterID: 'gpumem', supportsMemoryReferences: true });
  await Promise.all([dc.waitForEvent('initialized'),
    dc.launchRequest({ program: launch, stopOnEntry: true } as DebugProtocol.LaunchRequestArguments)]);
  const kernel = await dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'local_weighted' }] });
  assert.equal(kernel.body.breakpoints.length, 1);
  const [entry] = await Promise.all([dc.waitForEvent('stopped'), dc.configurationDoneRequest()]);
  assert.equal(entry.body.reason, 'entry');
  // the kernel breakpoint: a warp at the kernel's first instruction
  const [atKernel] = await Promise.all([dc.waitForEvent('stopped'), dc.continueRequest({ threadId: entry.body.threadId })]);
  assert.equal(atKernel.body.reason, 'function breakpoint');
  const entryStack = (await dc.stackTraceRequest({ threadId: atKernel.body.threadId })).body.stackFrames;
  assert.equal(entryStack.length, 1);
  assert.equal(entryStack[0].instructionPointerReference, 'code [_Z14local_weightedPKiPii] +0x0');

  await dc.setFunctionBreakpointsRequest({ breakpoints: [] });
  await dc.setBreakpointsRequest({ source: { path: path.join(fixtures, 'kernels', 'local_array.cu') }, breakpoints: [{ line: CALL_LINE }] });
  const [hit] = await Promise.all([dc.waitForEvent('stopped'), dc.continueRequest({ threadId: atKernel.body.threadId })]);
  assert.equal(hit.body.reason, 'breakpoint');
  const [, cta, warp] = /^CTA \((\d+),0,0\) warp (\d+) lane \d+$/.exec(hit.body.lane)!.map(Number);

  // window[] is the focused lane's local array, in memory: its reference names local and the lane
  const stack = (await dc.stackTraceRequest({ threadId: hit.body.threadId })).body.stackFrames;
  const scopes = (await dc.scopesRequest({ frameId: stack[0].id })).body.scopes;
  const locals = (await dc.variablesRequest({ variablesReference: scopes.find(s => s.name === 'Locals')!.variablesReference })).body.variables;
  const window = locals.find(v => v.name === 'window')!;
  assert.match(window.memoryReference!, new RegExp(`^local \\[${hit.body.lane.replace(/[()]/g, '\\$&')}\\] \\+0x[0-9a-f]+$`));
  const windowOffset = Number(BigInt(window.memoryReference!.split('+')[1]));

  // the webview's lanes grid of that warp over the real adapter
  const view = new MemoryView({ customRequest: async (command, args) => (await dc.customRequest(command, args)).body });
  view.select({ space: 'local' });
  view.select({ lanes: true, type: 's32' });
  const lanes = await view.render();
  assert.ok(lanes.lanesAvailable);
  const grid = lanes.grid!;
  assert.equal(grid.columns.length, 1 + 32);
  for (let k = 0; k < 8; k++) {
    const row = grid.rows[windowOffset / 4 + k];
    for (let l = 0; l < 32; l++) {
      assert.equal(row[1 + l].text, String(windowOf(cta, warp * 32 + l, k)), `lane ${l} window[${k}]`);
      assert.equal(row[1 + l].lane, l);
    }
  }

  // the physical pool: element k of lane l at (k * 32 + l) * 4, so window[k] of lane l sits there
  view.select({ physical: true });
  const physical = (await view.render()).grid!;
  const cells = new Map<string, string>();
  for (const row of physical.rows) {
    for (const cell of row.slice(1)) {
      if (cell.title) {
        cells.set(cell.title, cell.text);
      }
    }
  }
  for (let k = 0; k < 8; k++) {
    for (let l = 0; l < 32; l++) {
      const element = windowOffset / 4 + k;
      assert.equal(cells.get(`lane ${l} element ${element}`), String(windowOf(cta, warp * 32 + l, k)));
    }
  }
  await dc.disconnectRequest({ terminateDebuggee: true });
});
