// gpumem dap driven through a debug session of a CUDA program by Microsoft's DebugClient
// (@vscode/debugadapter-testsupport), the client VS Code's own adapters are tested with. Every
// value compared is computed here from the program's source (tests/fixtures/host/reduction.cu).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import * as path from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugProtocol } from '@vscode/debugprotocol';
import { MemoryView } from '../view/memoryView';
import { fixtures, startClient } from './harness';

const SOURCE = path.join(fixtures, 'host', 'reduction.cu');
const PROGRAM = path.join(fixtures, 'host', 'reduction.G');
/** `for (unsigned s = blockDim.x / 2; ...)`: the first line after the barrier, every partial[tid] written. */
const AFTER_BARRIER = 15;

// reduction.cu's input and its two launches, on the CPU.
const N = 1 << 16;
const THREADS = 128;
const input = Array.from({ length: N }, (_, i) => ((i * 7919) % 1000) - 500);
/** v of thread tid of CTA b in the first launch: in[i] + in[i + blockDim.x], i = b * 256 + tid. */
const firstV = (b: number, tid: number) => input[b * 2 * THREADS + tid] + input[b * 2 * THREADS + tid + THREADS];
const expectedSum = input.reduce((a, x) => a + x, 0);

let dc: DebugClient;
const outputs: DebugProtocol.OutputEvent['body'][] = [];
const events: string[] = [];

before(async () => {
  dc = await startClient();
  dc.on('output', (e: DebugProtocol.OutputEvent) => outputs.push(e.body));
  for (const name of ['thread', 'breakpoint', 'memory', 'continued']) {
    dc.on(name, () => events.push(name));
  }
});

after(async () => {
  await dc.stop();
});

function words(base64: string): number[] {
  const bytes = Buffer.from(base64, 'base64');
  return Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readInt32LE(i * 4));
}

async function variablesOf(frameId: number, scopeName: string): Promise<DebugProtocol.Variable[]> {
  const scopes = await dc.scopesRequest({ frameId });
  const scope = scopes.body.scopes.find(s => s.name === scopeName);
  assert.ok(scope, `scope ${scopeName} in ${scopes.body.scopes.map(s => s.name).join(', ')}`);
  return (await dc.variablesRequest({ variablesReference: scope!.variablesReference })).body.variables;
}

function named(variables: DebugProtocol.Variable[], name: string): DebugProtocol.Variable {
  const v = variables.find(x => x.name === name);
  assert.ok(v, `${name} in ${variables.map(x => x.name).join(', ')}`);
  return v!;
}

test('reduction.G: breakpoint, threads, stack, variables with memory references, readMemory, focus, step, exit', async () => {
  const init = await dc.initializeRequest({
    adapterID: 'gpumem', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path',
    supportsMemoryReferences: true, supportsMemoryEvent: true, supportsVariableType: true,
  });
  for (const c of ['supportsConfigurationDoneRequest', 'supportsReadMemoryRequest', 'supportsWriteMemoryRequest',
    'supportsFunctionBreakpoints', 'supportsSetVariable', 'supportsTerminateRequest', 'supportsRestartRequest'] as const) {
    assert.equal(init.body![c], true, c);
  }

  await Promise.all([dc.waitForEvent('initialized'), dc.launchRequest({ program: PROGRAM } as DebugProtocol.LaunchRequestArguments)]);
  const set = await dc.setBreakpointsRequest({ source: { path: SOURCE }, breakpoints: [{ line: AFTER_BARRIER }] });
  assert.equal(set.body.breakpoints.length, 1);
  const [verified, stopped] = await Promise.all([dc.waitForEvent('breakpoint'), dc.waitForEvent('stopped'), dc.configurationDoneRequest()]);
  assert.equal(verified.body.breakpoint.verified, true);
  assert.equal(verified.body.breakpoint.id, set.body.breakpoints[0].id);
  assert.equal(stopped.body.reason, 'breakpoint');
  const threadId: number = stopped.body.threadId;
  const lane: string = stopped.body.lane;
  const [, cta, warp, laneIndex] = /^CTA \((\d+),0,0\) warp (\d+) lane (\d+)$/.exec(lane)!.map(Number);
  const tid = warp * 32 + laneIndex;

  // threads: one per resident warp, the focused one marked
  const threads = (await dc.threadsRequest()).body.threads;
  const names = threads.map(t => t.name.replace(' \u25c9 focus', ''));
  for (let w = 0; w < THREADS / 32; w++) {
    assert.ok(names.includes(`CTA (${cta},0,0) warp ${w}`), `warp ${w} of CTA ${cta} in ${names}`);
  }
  assert.equal(threads.find(t => t.id === threadId)!.name, `CTA (${cta},0,0) warp ${warp} \u25c9 focus`);

  const stack = (await dc.stackTraceRequest({ threadId })).body.stackFrames;
  assert.equal(stack[0].line, AFTER_BARRIER);
  assert.equal(stack[0].source!.path, SOURCE);
  assert.match(stack[0].name, /reduceSum/);
  const frameId = stack[0].id;

  const locals = await variablesOf(frameId, 'Locals');
  assert.equal(named(locals, 'tid').value, String(tid));
  assert.equal(named(locals, 'v').value, String(firstV(cta, tid)));
  assert.equal(named(await variablesOf(frameId, 'Registers'), `%r7 (v)`).value, String(firstV(cta, tid)));
  // a parameter lives in param memory: its reference reads its value
  const n = named(await variablesOf(frameId, 'Parameters'), 'n');
  assert.equal(n.value, String(N));
  assert.match(n.memoryReference!, /^param \[grid\] \+0x[0-9a-f]+$/);
  const nBytes = await dc.customRequest('readMemory', { memoryReference: n.memoryReference, count: 4 });
  assert.deepEqual(words(nBytes.body.data), [N]);

  // readMemory of the CTA's shared space (partial[], extern __shared__): every thread's v
  const spacesAtStop = await dc.customRequest('gpumem/addressSpaces', {});
  const shared = spacesAtStop.body.spaces.find((s: { name: string }) => s.name === 'shared');
  assert.equal(shared.context, `CTA (${cta},0,0)`);
  assert.equal(shared.end, '0x200', 'the launch has 512 bytes of dynamic shared memory');
  const partial = { memoryReference: shared.memoryReference as string };
  assert.equal(partial.memoryReference, `shared [CTA (${cta},0,0)] +0x0`);
  const read = await dc.customRequest('readMemory', { memoryReference: partial.memoryReference, offset: 0, count: THREADS * 4 });
  assert.equal(read.body.address, '0x0');
  assert.deepEqual(words(read.body.data), Array.from({ length: THREADS }, (_, t) => firstV(cta, t)));
  const past = await dc.customRequest('readMemory', { memoryReference: partial.memoryReference, offset: THREADS * 4 - 8, count: 64 });
  assert.deepEqual(words(past.body.data), [firstV(cta, THREADS - 2), firstV(cta, THREADS - 1)]);
  assert.equal(past.body.unreadableBytes, 56, 'the launch has 512 bytes of shared memory');

  // the webview's data path over the real adapter: the CTA's shared memory as s32
  const view = new MemoryView({ customRequest: async (command, args) => (await dc.customRequest(command, args)).body });
  view.select({ space: 'shared', type: 's32', length: 512 });
  const grid = (await view.render()).grid!;
  assert.deepEqual(grid.rows.flatMap(r => r.slice(17).map(c => Number(c.text))), Array.from({ length: THREADS }, (_, t) => firstV(cta, t)));

  // writeMemory, then the memory event and the bytes read back
  const seven = Buffer.alloc(4);
  seven.writeInt32LE(-7);
  const [memory] = await Promise.all([dc.waitForEvent('memory'),
    dc.customRequest('writeMemory', { memoryReference: partial.memoryReference, offset: 4 * 3, data: seven.toString('base64') })]);
  assert.equal(memory.body.memoryReference, partial.memoryReference);
  const back = await dc.customRequest('readMemory', { memoryReference: `shared [CTA (${cta},0,0)] +0xc`, count: 4 });
  assert.deepEqual(words(back.body.data), [-7]);

  // focus another thread: the variables show it, the address spaces are seen from it
  const other = (tid + 37) % THREADS;
  const focus = await dc.customRequest('gpumem/focus', { thread: [other, 0, 0] });
  assert.equal(focus.body.lane, `CTA (${cta},0,0) warp ${Math.floor(other / 32)} lane ${other % 32}`);
  const focusedStack = (await dc.stackTraceRequest({ threadId: focus.body.threadId })).body.stackFrames;
  assert.equal(named(await variablesOf(focusedStack[0].id, 'Locals'), 'v').value, String(firstV(cta, other)));
  const spaces = await dc.customRequest('gpumem/addressSpaces', {});
  const local = spaces.body.spaces.find((s: { name: string }) => s.name === 'local');
  assert.equal(local.context, focus.body.lane);
  assert.deepEqual(local.access, { kind: 'interleaved', elementSize: 4, laneCount: 32 });
  const refused = await dc.customRequest('gpumem/focus', { block: [1 << 20, 0, 0] }).then(() => undefined, (e: Error) => e);
  assert.match(String(refused), /outside the grid/);

  // step: a stop of reason step in the same warp
  const [step] = await Promise.all([dc.waitForEvent('stopped'), dc.nextRequest({ threadId: focus.body.threadId })]);
  assert.equal(step.body.reason, 'step');
  assert.equal(step.body.threadId, focus.body.threadId);

  // no breakpoints: on to the end, with the program's output and exit code
  await dc.setBreakpointsRequest({ source: { path: SOURCE }, breakpoints: [] });
  const [exited] = await Promise.all([dc.waitForEvent('exited'), dc.waitForEvent('terminated'),
    dc.continueRequest({ threadId: step.body.threadId })]);
  const stdout = outputs.filter(o => o.category === 'stdout').map(o => o.output).join('');
  // the first CTA's partial[3] was written -7 at the stop: the sum is off by exactly that
  const sum = expectedSum - firstV(cta, 3) - 7;
  assert.ok(stdout.includes(`sum of ${N} elements in 2 launches: ${sum} (expected ${expectedSum})\n`), stdout);
  assert.ok(stdout.endsWith('Test FAILED\n'), stdout);
  assert.equal(exited.body.exitCode, 1, 'the program\'s exit code: verdict(false) is EXIT_FAILURE');
  assert.ok(events.includes('thread'));
});
