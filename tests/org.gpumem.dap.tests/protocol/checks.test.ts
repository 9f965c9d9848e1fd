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
/** addOne's blocks are 128 threads; the program copied the first 128 of `half`'s 256 ints. */
const BLOCK = 128;
const COPIED = 128;

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

test('check with stopAtFirstFinding: a launch stops at its first finding, in the lane that read unwritten bytes; the report ends on the console', async () => {
  const { dc, console } = await launch({ check: 'memcheck,initcheck', stopAtFirstFinding: true });
  try {
    const first = nextStopOrExit(dc);
    await dc.configurationDoneRequest();
    const stop = await first;
    assert.equal(stop.event, 'stopped', JSON.stringify(stop.body));
    const stopped = stop as DebugProtocol.StoppedEvent;
    assert.equal(stopped.body.reason, 'exception');
    // the first byte nothing wrote is in[COPIED]: thread COPIED of the launch, the first lane of its CTA
    const gid = COPIED;
    assert.deepEqual(laneOf(stopped), { cta: Math.floor(gid / BLOCK), warp: Math.floor((gid % BLOCK) / 32), lane: gid % 32 });
    assert.match(stopped.body.description!, /^memory check finding in CTA \(1,0,0\)/);
    const text = stopped.body.text!;
    assert.ok(text.startsWith('========= initcheck: read of uninitialized memory in global memory'), text);
    assert.ok(text.includes(`checked_memory.cu:${marks.get('KERNEL-READ')}:`), text);
    assert.ok(text.includes(`(checked_memory.cu:${marks.get('HALF-MALLOC')}), byte ${COPIED * 4})`), text);
    const frame = await topFrame(dc, stopped.body.threadId!);
    assert.equal(frame.line, marks.get('KERNEL-READ'));
    assert.equal(path.basename(frame.source!.path!), 'checked_memory.cu');
    assert.ok(console.join('').includes('gpumem: stopped at the first memory check finding:\n' + text), console.join(''));

    // on to the end: every later stop is another launch's first finding
    let at: DebugProtocol.StoppedEvent | DebugProtocol.ExitedEvent = stopped;
    while (at.event === 'stopped') {
      const next = nextStopOrExit(dc);
      await dc.continueRequest({ threadId: (at as DebugProtocol.StoppedEvent).body.threadId! });
      at = await next;
      if (at.event === 'stopped') {
        assert.equal((at as DebugProtocol.StoppedEvent).body.reason, 'exception', JSON.stringify(at.body));
      }
    }
    // the program checks its correct parts itself and keeps its own exit status
    assert.equal((at as DebugProtocol.ExitedEvent).body.exitCode, 0);
    const all = console.join('');
    assert.ok(all.includes('========= memcheck: double free in global memory'), all);
    assert.ok(all.includes(`free at checked_memory.cu:${marks.get('DOUBLE-FREE')}`), all);
    assert.ok(all.includes('========= gpumem: 4 errors (memcheck 3, initcheck 1)'), all);
  } finally {
    await dc.stop();
  }
});

test('check without stopAtFirstFinding runs to the end with the same report; bad check arguments are refused', async () => {
  const { dc, console } = await launch({ check: 'all' });
  try {
    const [exited] = await Promise.all([dc.waitForEvent('exited'), dc.configurationDoneRequest()]);
    assert.equal(exited.body.exitCode, 0);
    assert.ok(console.join('').includes('========= initcheck: read of uninitialized memory in global memory'), console.join(''));
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
