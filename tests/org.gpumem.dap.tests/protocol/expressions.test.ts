// gpumem dap's expressions on the debug core's evaluator, driven by Microsoft's DebugClient:
// evaluate (watch, hover, repl), conditional and hit-counted breakpoints, and data breakpoints,
// on tests/fixtures/host/expressions.G (nvcc -G; 2 CTAs of 48 threads). Every value compared is
// computed here from the program's source (tests/fixtures/kernels/expressions.cu).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugProtocol } from '@vscode/debugprotocol';
import { fixtures, laneOf, startClient, topFrame } from './harness';

const KERNEL = path.join(fixtures, 'kernels', 'expressions.cu');
const PROGRAM = path.join(fixtures, 'host', 'expressions.G');
const BLOCK = 48;
const kernelLines = fs.readFileSync(KERNEL, 'utf8').split('\n');
/** The 1-based line of the kernel source that contains {@code text}. */
function lineOf(text: string): number {
  const i = kernelLines.findIndex(l => l.includes(text));
  assert.ok(i >= 0, text);
  return i + 1;
}
/** `int sum = stage[...] + window[3];`: after the barrier, every stage[] written. */
const SUM_LINE = lineOf('int sum = stage');
/** The branch of a non-negative sum, where out[gid] is written. */
const OUT_LINE = lineOf('out[gid] = sum + mode');

// expressions.cu on the CPU (the host program's in[i] = i - 70)
const gidOf = (cta: number, t: number) => cta * BLOCK + t;
const stage = (cta: number, t: number) => gidOf(cta, t) - 20;
const windowOf = (cta: number, t: number, k: number) => gidOf(cta, t) * 10 + k;
const sumOf = (cta: number, t: number) => stage(cta, (t + 1) % BLOCK) + windowOf(cta, t, 3);
/** out[gid] of a thread whose sum is not negative: sum + mode + tag + letter + odd + (int)half + (int)(big >> 33) + (int)origin.x. */
function outOf(cta: number, t: number): number {
  const gid = gidOf(cta, t);
  const odd = t & 1;
  return sumOf(cta, t) + (odd ? 2 : 5) + (0xa0 + t) + ('a'.charCodeAt(0) + (t % 26)) + odd + Math.trunc(gid / 2) + gid + 1;
}

interface Session {
  dc: DebugClient;
  ids: number[];
  stopped: DebugProtocol.StoppedEvent;
}

/** A client on expressions.G with these breakpoints on the kernel's source, stopped at the first stop. */
async function start(breakpoints: DebugProtocol.SourceBreakpoint[], check?: (set: DebugProtocol.SetBreakpointsResponse) => void): Promise<Session> {
  const dc = await startClient();
  const init = await dc.initializeRequest({ adapterID: 'gpumem', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
  for (const c of ['supportsConditionalBreakpoints', 'supportsHitConditionalBreakpoints', 'supportsDataBreakpoints',
    'supportsDataBreakpointBytes', 'supportsEvaluateForHovers'] as const) {
    assert.equal(init.body![c], true, c);
  }
  await Promise.all([dc.waitForEvent('initialized'), dc.launchRequest({ program: PROGRAM } as DebugProtocol.LaunchRequestArguments)]);
  const set = await dc.setBreakpointsRequest({ source: { path: KERNEL }, breakpoints });
  check?.(set);
  const [stopped] = await Promise.all([dc.waitForEvent('stopped'), dc.configurationDoneRequest()]);
  return { dc, ids: set.body.breakpoints.map(b => b.id!), stopped: stopped as DebugProtocol.StoppedEvent };
}

async function evaluate(dc: DebugClient, expression: string, frameId: number | undefined, context = 'watch'): Promise<DebugProtocol.EvaluateResponse['body']> {
  return (await dc.evaluateRequest({ expression, frameId, context })).body;
}

async function refusal(p: Promise<unknown>): Promise<string> {
  return p.then(() => assert.fail('expected an error response'), (e: Error) => e.message);
}

test('a condition stops in the lane where it holds; evaluate there; a data breakpoint on out[gid] catches its write', async () => {
  const { dc, ids, stopped } = await start([{ line: SUM_LINE, condition: 'threadIdx.x == 37 && blockIdx.x == 1' }]);
  try {
    assert.equal(stopped.body.reason, 'breakpoint');
    assert.deepEqual(stopped.body.hitBreakpointIds, [ids[0]]);
    // thread 37 of CTA 1: warp 1, lane 5
    assert.deepEqual(laneOf(stopped), { cta: 1, warp: 1, lane: 5 });
    const cta = 1;
    const t = 37;
    const gid = gidOf(cta, t);
    const frame = await topFrame(dc, stopped.body.threadId!);
    assert.equal(frame.line, SUM_LINE);

    // values in the stopped lane, in every context
    assert.equal((await evaluate(dc, 'threadIdx.x', frame.id)).result, String(t));
    assert.equal((await evaluate(dc, 'gid', frame.id, 'hover')).result, String(gid));
    assert.equal((await evaluate(dc, 'blockIdx.x * blockDim.x + threadIdx.x', frame.id, 'repl')).result, String(gid));
    assert.equal((await evaluate(dc, 'p', frame.id)).result,
      `{x = ${gid - 70}, y = ${0.25 * t}, id = ${gid}, flags = {${t - 16}, ${cta}}}`);
    assert.equal((await evaluate(dc, 'tile[threadIdx.x / 8][threadIdx.x % 8]', frame.id)).result, String(t * 0.5));
    assert.equal((await evaluate(dc, 'stage[(threadIdx.x + 1) % blockDim.x]', frame.id)).result, String(stage(cta, (t + 1) % BLOCK)));
    const window3 = await evaluate(dc, 'window[3]', frame.id);
    assert.equal(window3.result, String(windowOf(cta, t, 3)));
    assert.equal(window3.type, 'int');
    // an address keeps its space; a pointer's memory reference is where it points
    const stage0 = await evaluate(dc, '&stage[0]', frame.id);
    const stage3 = await evaluate(dc, '&stage[3]', frame.id);
    const address = (text: string) => parseInt(/^\(@shared int \*\) 0x([0-9a-f]+)$/.exec(text)![1], 16);
    assert.equal(address(stage3.result), address(stage0.result) + 12);
    assert.equal(stage3.memoryReference, `shared [CTA (${cta},0,0)] +0x${address(stage3.result).toString(16)}`);
    assert.equal((await evaluate(dc, '*(@shared int *) &stage[5]', frame.id)).result, String(stage(cta, 5)));
    // without a frame: the focused lane's innermost frame
    assert.equal((await evaluate(dc, 'threadIdx.x', undefined, 'repl')).result, String(t));
    // errors: the evaluator's one line, naming the position
    assert.match(await refusal(dc.evaluateRequest({ expression: 'gid +', frameId: frame.id, context: 'watch' })),
      /column 6: expected an operand/);
    assert.match(await refusal(dc.evaluateRequest({ expression: 'nosuch', frameId: frame.id, context: 'hover' })),
      /no variable or symbol 'nosuch'/);

    // data breakpoint info: an expression of the frame, an array's element, a value not in memory
    const outInfo = (await dc.customRequest('dataBreakpointInfo', { name: 'out[gid]', frameId: frame.id })).body;
    assert.match(outInfo.description, /^out\[gid\] \(global \[device\] \+0x[0-9a-f]+, 4 bytes\)$/);
    assert.ok(outInfo.dataId);
    assert.deepEqual([...outInfo.accessTypes].sort(), ['read', 'readWrite', 'write']);
    const scopes = (await dc.scopesRequest({ frameId: frame.id })).body.scopes;
    const shared = (await dc.variablesRequest({ variablesReference: scopes.find(s => s.name === 'Shared')!.variablesReference })).body.variables;
    const stageVar = shared.find(v => v.name === 'stage')!;
    const element = (await dc.customRequest('dataBreakpointInfo', { variablesReference: stageVar.variablesReference, name: '[5]' })).body;
    assert.match(element.description, new RegExp(`^stage\\[5\\] \\(shared \\[CTA \\(${cta},0,0\\)\\] \\+0x[0-9a-f]+, 4 bytes\\)$`));
    const builtin = (await dc.customRequest('dataBreakpointInfo', { name: 'threadIdx.x', frameId: frame.id })).body;
    assert.equal(builtin.dataId ?? null, null);
    assert.match(builtin.description, /not in memory/);

    // watch out[gid] for writes; only this thread writes it, on the branch of a non-negative sum
    assert.ok(sumOf(cta, t) >= 0);
    const old = (await evaluate(dc, 'out[gid]', frame.id)).result;
    const setData = await dc.customRequest('setDataBreakpoints', { breakpoints: [{ dataId: outInfo.dataId, accessType: 'write' }] });
    assert.equal(setData.body.breakpoints[0].verified, true);
    const dataId = setData.body.breakpoints[0].id;
    await dc.setBreakpointsRequest({ source: { path: KERNEL }, breakpoints: [] });
    const [hit] = await Promise.all([dc.waitForEvent('stopped'), dc.continueRequest({ threadId: stopped.body.threadId! })]);
    assert.equal(hit.body.reason, 'data breakpoint');
    assert.deepEqual(hit.body.hitBreakpointIds, [dataId]);
    assert.deepEqual(laneOf(hit as DebugProtocol.StoppedEvent), { cta: 1, warp: 1, lane: 5 });
    assert.ok(hit.body.text.startsWith(outInfo.description + ' written at '), hit.body.text);
    assert.ok(hit.body.text.includes(`expressions.cu:${OUT_LINE}`), hit.body.text);
    assert.ok(hit.body.text.endsWith(`: old = ${old}, new = ${outOf(cta, t)}`), hit.body.text);
    const after = await topFrame(dc, hit.body.threadId);
    assert.equal((await evaluate(dc, 'out[gid]', after.id)).result, String(outOf(cta, t)));

    // no more stops: the program checks every result and passes
    await dc.customRequest('setDataBreakpoints', { breakpoints: [] });
    const [exited] = await Promise.all([dc.waitForEvent('exited'), dc.continueRequest({ threadId: hit.body.threadId })]);
    assert.equal(exited.body.exitCode, 0);
  } finally {
    await dc.stop();
  }
});

/** A 32-bit integer's bytes as gpumem prints a watched address range's: little-endian hex pairs. */
const leBytes = (v: number) => [0, 8, 16, 24].map(s => ((v >>> s) & 0xff).toString(16).padStart(2, '0')).join(' ');

test('a data breakpoint on an address (a memory reference, asAddress) catches the write of those bytes', async () => {
  const { dc, stopped } = await start([{ line: SUM_LINE, condition: 'threadIdx.x == 37 && blockIdx.x == 1' }]);
  try {
    const cta = 1;
    const t = 37;
    const frame = await topFrame(dc, stopped.body.threadId!);
    // where out[gid] is, as the evaluator gives a pointer's memory reference: out is a plain
    // (@generic) pointer, so the reference is a generic address as this lane sees it
    const reference = (await evaluate(dc, '&out[gid]', frame.id)).memoryReference!;
    assert.match(reference, /^generic \[CTA \(1,0,0\) warp 1 lane 5\] \+0x[0-9a-f]+$/);
    const info = (await dc.customRequest('dataBreakpointInfo', { name: reference, asAddress: true, bytes: 4 })).body;
    // the watchpoint is on the bytes the generic address reaches: global memory, which the
    // simulated device's generic space maps one to one
    const offset = /\+0x([0-9a-f]+)$/.exec(reference)![1];
    assert.equal(info.description, `generic +0x${offset} (global [device] +0x${offset}, 4 bytes)`);
    // a reference to a space the target does not have is refused, naming it
    const outside = (await dc.customRequest('dataBreakpointInfo', { name: 'nosuchspace [device] +0x0', asAddress: true, bytes: 4 })
      .then(r => r.body.description as string, (e: Error) => e.message));
    assert.match(outside, /nosuchspace/);

    const old = Number((await evaluate(dc, 'out[gid]', frame.id)).result);
    const setData = await dc.customRequest('setDataBreakpoints', { breakpoints: [{ dataId: info.dataId, accessType: 'write' }] });
    assert.equal(setData.body.breakpoints[0].verified, true);
    await dc.setBreakpointsRequest({ source: { path: KERNEL }, breakpoints: [] });
    const [hit] = await Promise.all([dc.waitForEvent('stopped'), dc.continueRequest({ threadId: stopped.body.threadId! })]);
    assert.equal(hit.body.reason, 'data breakpoint');
    // only thread 37 of CTA 1 (warp 1, lane 5) writes out[gid]
    assert.deepEqual(laneOf(hit as DebugProtocol.StoppedEvent), { cta, warp: 1, lane: 5 });
    assert.ok(hit.body.text.includes(`expressions.cu:${OUT_LINE}`), hit.body.text);
    assert.ok(hit.body.text.endsWith(`: old = ${leBytes(old)}, new = ${leBytes(outOf(cta, t))}`), hit.body.text);

    await dc.customRequest('setDataBreakpoints', { breakpoints: [] });
    const [exited] = await Promise.all([dc.waitForEvent('exited'), dc.continueRequest({ threadId: hit.body.threadId })]);
    assert.equal(exited.body.exitCode, 0);
  } finally {
    await dc.stop();
  }
});

/** The next stopped event, or undefined when the program exits first (no time-out timer left behind). */
function nextStopOrExit(dc: DebugClient): Promise<DebugProtocol.StoppedEvent | undefined> {
  return new Promise(resolve => {
    const onStop = (e: DebugProtocol.StoppedEvent) => { dc.off('exited', onExit); resolve(e); };
    const onExit = () => { dc.off('stopped', onStop); resolve(undefined); };
    dc.once('stopped', onStop);
    dc.once('exited', onExit);
  });
}

/** The warps, as "CTA (c,0,0) warp w", in the order a plain breakpoint on SUM_LINE stops them. */
async function reachOrder(): Promise<string[]> {
  const { dc, stopped } = await start([{ line: SUM_LINE }]);
  const order: string[] = [];
  try {
    let at: DebugProtocol.StoppedEvent | undefined = stopped;
    while (at) {
      const l = laneOf(at);
      order.push(`CTA (${l.cta},0,0) warp ${l.warp}`);
      const next = nextStopOrExit(dc);
      await dc.continueRequest({ threadId: at.body.threadId! });
      at = await next;
    }
  } finally {
    await dc.stop();
  }
  return order;
}

test('hit conditions count reaches, with and without a condition; bad ones are refused with the reason', async () => {
  const order = await reachOrder();
  // 2 CTAs of 48 threads: warps 0 and 1 of each reach the line once
  assert.deepEqual([...order].sort(), ['CTA (0,0,0) warp 0', 'CTA (0,0,0) warp 1', 'CTA (1,0,0) warp 0', 'CTA (1,0,0) warp 1']);
  const warpOf = (s: DebugProtocol.StoppedEvent) => { const l = laneOf(s); return `CTA (${l.cta},0,0) warp ${l.warp}`; };

  // hitCondition 3: the third reach, then every later one
  const third = await start([{ line: SUM_LINE, hitCondition: '3' }]);
  try {
    assert.equal(warpOf(third.stopped), order[2]);
    assert.deepEqual(third.stopped.body.hitBreakpointIds, [third.ids[0]]);
    const [fourth] = await Promise.all([third.dc.waitForEvent('stopped'), third.dc.continueRequest({ threadId: third.stopped.body.threadId! })]);
    assert.equal(warpOf(fourth as DebugProtocol.StoppedEvent), order[3]);
  } finally {
    await third.dc.stop();
  }

  // a condition only lanes 32.. of a CTA satisfy (warp 1), counted from its second reach; a hit
  // condition gpumem cannot count is answered unverified with the reason
  const wantedWarp1 = order.filter(w => w.endsWith('warp 1'))[1];
  const conditioned = await start([{ line: SUM_LINE, condition: 'threadIdx.x >= 32', hitCondition: '>= 2' },
    { line: OUT_LINE, hitCondition: '== 3' }], set => {
    assert.equal(set.body.breakpoints[1].verified, false);
    assert.match(set.body.breakpoints[1].message!, /hit condition '== 3'/);
  });
  try {
    assert.equal(warpOf(conditioned.stopped), wantedWarp1);
    assert.equal(laneOf(conditioned.stopped).lane, 0, 'thread 32 is the first lane where the condition holds');
    const frame = await topFrame(conditioned.dc, conditioned.stopped.body.threadId!);
    assert.equal((await evaluate(conditioned.dc, 'threadIdx.x', frame.id)).result, '32');
  } finally {
    await conditioned.dc.stop();
  }

  // a condition that cannot be evaluated stops with the evaluator's reason
  const broken = await start([{ line: SUM_LINE, condition: 'gid >' }]);
  try {
    assert.equal(broken.stopped.body.reason, 'breakpoint');
    assert.match(broken.stopped.body.description!, /^breakpoint condition error in CTA /);
    assert.match(broken.stopped.body.text!, new RegExp(`the condition 'gid >' of expressions.cu:${SUM_LINE}: .*column 6: expected an operand`));
  } finally {
    await broken.dc.stop();
  }
});

test('gpumem/lanes: one expression in every lane of a warp stopped in a divergent branch', async () => {
  // CTA 0: threads 0 and 1 have a negative sum and take the other branch
  const negative = Array.from({ length: 32 }, (_, t) => sumOf(0, t) < 0);
  assert.deepEqual(negative.flatMap((n, t) => n ? [t] : []), [0, 1]);
  const { dc, stopped } = await start([{ line: OUT_LINE, condition: 'blockIdx.x == 0 && threadIdx.x == 5' }]);
  try {
    assert.deepEqual(laneOf(stopped), { cta: 0, warp: 0, lane: 5 });
    const frame = await topFrame(dc, stopped.body.threadId!);
    const lanes = (await dc.customRequest('gpumem/lanes', { expression: 'sum', frameId: frame.id })).body;
    assert.equal(lanes.type, 'int');
    assert.equal(lanes.lanes.length, 32);
    for (let t = 0; t < 32; t++) {
      const l = lanes.lanes[t];
      assert.equal(l.lane, t);
      assert.equal(l.context, `CTA (0,0,0) warp 0 lane ${t}`);
      assert.equal(l.state, negative[t] ? 'inactive' : 'active', `lane ${t}`);
      assert.equal(l.value, String(sumOf(0, t)), `lane ${t}`);
    }
    // the warp by name, its top frame
    const named = (await dc.customRequest('gpumem/lanes', { expression: 'threadIdx.x * 2', warp: 'CTA (0,0,0) warp 0' })).body;
    assert.deepEqual(named.lanes.map((l: { value?: string }) => l.value), Array.from({ length: 32 }, (_, t) => String(t * 2)));
    assert.match(await refusal(dc.customRequest('gpumem/lanes', { expression: 'sum +', frameId: frame.id })),
      /column 6: expected an operand/);
  } finally {
    await dc.stop();
  }
});
