// gpumem dap's memory checks: the launch's "check" and "stopAtFirstFinding" on
// tests/fixtures/host/checked_memory (nvcc -O3 -lineinfo; one host-side memory bug of each kind,
// the lines that matter carry a comment naming them, read here from the source).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugProtocol } from '@vscode/debugprotocol';
import { fixtures, laneOf, startClient, topFrame } from './harness';

const SOURCE = path.join(fixtures, 'host', 'checked_memory.cu');
const PROGRAM = path.join(fixtures, 'host', 'checked_memory');
/** The 1-based line of each `// NAME` comment of the program's source. */
const marks = new Map<string, number>();
fs.readFileSync(SOURCE, 'utf8').split('\n').forEach((l, i) => {
  const m = /\/\/ ([A-Z-]+)$/.exec(l);
  if (m) {
    marks.set(m[1], i + 1);
  }
});
/** A client launched on checked_memory with these launch arguments, before configurationDone. */
async function launch(args: Record<string, unknown>): Promise<{ dc: DebugClient; console: string[] }> {
  const dc = await startClient();
  await dc.initializeRequest({ adapterID: 'gpumem', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
  const console: string[] = [];
  dc.on('output', (e: DebugProtocol.OutputEvent) => {
    if (e.body.category === 'console') {
      console.push(e.body.output);
    }
  });
  await Promise.all([dc.waitForEvent('initialized'),
    dc.launchRequest({ program: PROGRAM, ...args } as DebugProtocol.LaunchRequestArguments)]);
  return { dc, console };
}

/** The next stopped event, or the exited event when the program ends first. */
function nextStopOrExit(dc: DebugClient): Promise<DebugProtocol.StoppedEvent | DebugProtocol.ExitedEvent> {
  return new Promise(resolve => {
    const onStop = (e: DebugProtocol.StoppedEvent) => { dc.off('exited', onExit); resolve(e); };
    const onExit = (e: DebugProtocol.ExitedEvent) => { dc.off('stopped', onStop); resolve(e); };
    dc.once('stopped', onStop);
    dc.once('exited', onExit);
  });
}

/** Continues from each stop until the program ends, checking every stop on the way; the exit event. */
async function runToExit(dc: DebugClient, from: DebugProtocol.StoppedEvent,
  each: (stop: DebugProtocol.StoppedEvent) => void): Promise<DebugProtocol.ExitedEvent> {
  let at: DebugProtocol.StoppedEvent | DebugProtocol.ExitedEvent = from;
  while (at.event === 'stopped') {
    const next = nextStopOrExit(dc);
    await dc.continueRequest({ threadId: (at as DebugProtocol.StoppedEvent).body.threadId! });
    at = await next;
    if (at.event === 'stopped') {
      each(at as DebugProtocol.StoppedEvent);
    }
  }
  return at as DebugProtocol.ExitedEvent;
}

/** The one fault of the program: shifted's read of small[100], past its 400 bytes (a stop DAP always makes). */
function assertPastEndFault(stop: DebugProtocol.StoppedEvent): void {
  assert.equal(stop.body.reason, 'exception', JSON.stringify(stop.body));
  assert.match(stop.body.description!, /^fault in CTA \(0,0,0\)/);
  assert.ok(stop.body.text!.includes(`checked_memory.cu:${marks.get('PAST-END-READ')}:`), stop.body.text);
}

test('check with stopAtFirstFinding: a launch stops right after its first finding, in the lane that made the access; the report ends on the console', async () => {
  const { dc, console } = await launch({ check: 'memcheck,initcheck', stopAtFirstFinding: true });
  try {
    const first = nextStopOrExit(dc);
    await dc.configurationDoneRequest();
    const stop = await first;
    assert.equal(stop.event, 'stopped', JSON.stringify(stop.body));
    const stopped = stop as DebugProtocol.StoppedEvent;
    // the launches before read only written bytes, and an uninitialized read is known only when
    // its thread exits (a later write may explain it), so nothing stops before the read of the
    // block cudaFreeAsync gave back: every thread reads it, the first is CTA 0's lane 0
    assert.equal(stopped.body.reason, 'exception');
    assert.deepEqual(laneOf(stopped), { cta: 0, warp: 0, lane: 0 });
    assert.match(stopped.body.description!, /^memory check finding in CTA \(0,0,0\) thread \(0,0,0\)/);
    const text = stopped.body.text!;
    assert.ok(text.startsWith('========= memcheck: use after free in global memory'), text);
    assert.ok(text.includes(`checked_memory.cu:${marks.get('KERNEL-READ')}:`), text);
    assert.ok(text.includes(`free at checked_memory.cu:${marks.get('FREE-ASYNC')}`), text);
    const frame = await topFrame(dc, stopped.body.threadId!);
    assert.equal(frame.line, marks.get('KERNEL-READ'));
    assert.equal(path.basename(frame.source!.path!), 'checked_memory.cu');
    assert.ok(console.join('').includes('gpumem: stopped at the first memory check finding:\n' + text), console.join(''));

    // on to the end: the only other stop is the fault past small's end, which memcheck also names
    let faults = 0;
    const exited = await runToExit(dc, stopped, s => { assertPastEndFault(s); faults++; });
    assert.equal(faults, 1);
    // the program checks its correct parts itself and keeps its own exit status
    assert.equal(exited.body.exitCode, 0);
    const all = console.join('');
    assert.ok(all.includes('========= initcheck: read of uninitialized memory in global memory'), all);
    // the program copied the first n / 2 of half's n = 256 ints: the first byte nothing wrote
    assert.ok(all.includes(`(checked_memory.cu:${marks.get('HALF-MALLOC')}), byte ${(256 / 2) * 4})`), all);
    assert.ok(all.includes(`free at checked_memory.cu:${marks.get('DOUBLE-FREE')}`), all);
    assert.ok(all.includes('========= memcheck: access past the end of its variable or block in global memory'), all);
    assert.ok(all.includes(`(checked_memory.cu:${marks.get('SMALL-MALLOC')})), kernel shifted`), all);
    assert.ok(all.includes('========= gpumem: 4 errors (memcheck 3, initcheck 1)'), all);
  } finally {
    await dc.stop();
  }
});

test('check all without stopAtFirstFinding stops only at the fault and reports every class, leaks too; bad check arguments are refused', async () => {
  const { dc, console } = await launch({ check: 'all' });
  try {
    const first = nextStopOrExit(dc);
    await dc.configurationDoneRequest();
    const stop = await first;
    assert.equal(stop.event, 'stopped', JSON.stringify(stop.body));
    assertPastEndFault(stop as DebugProtocol.StoppedEvent);
    const exited = await runToExit(dc, stop as DebugProtocol.StoppedEvent, s => assert.fail('a second stop: ' + JSON.stringify(s.body)));
    assert.equal(exited.body.exitCode, 0);
    // the sticky error keeps the program from freeing small and out
    const all = console.join('');
    assert.ok(all.includes(`leakcheck: device memory not freed in global memory: 400 bytes`), all);
    assert.ok(all.includes(`(checked_memory.cu:${marks.get('OUT-MALLOC')})`), all);
    assert.ok(all.includes('========= gpumem: 6 errors (memcheck 3, initcheck 1, leakcheck 2)'), all);
  } finally {
    await dc.stop();
  }
  for (const [args, why] of [[{ check: 'racecheck,nosuchcheck' }, /nosuchcheck/],
    [{ stopAtFirstFinding: true }, /"stopAtFirstFinding" needs "check"/]] as const) {
    const refused = await startClient();
    try {
      await refused.initializeRequest({ adapterID: 'gpumem', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
      const message = await refused.launchRequest({ program: PROGRAM, ...args } as unknown as DebugProtocol.LaunchRequestArguments)
        .then(() => assert.fail('expected the launch to be refused'), (e: Error) => e.message);
      assert.match(message, why);
    } finally {
      await refused.stop();
    }
  }
});
