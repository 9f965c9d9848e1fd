// A kernel launch file as the program: a fault stops at the faulting warp, the run ends with
// gpumem run's exit code 2 and the memory checker's report as output.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugProtocol } from '@vscode/debugprotocol';
import { fixtures, startClient } from './harness';

let dc: DebugClient;
let dir: string;
const outputs: DebugProtocol.OutputEvent['body'][] = [];

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpumem-dap-'));
  dc = await startClient();
  dc.on('output', (e: DebugProtocol.OutputEvent) => outputs.push(e.body));
});

after(async () => {
  await dc.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('fault_oob_global: stopped by the fault, restarted, then exit code 2 with the report', async () => {
  const launch = path.join(dir, 'fault.launch.json');
  fs.writeFileSync(launch, JSON.stringify({
    module: path.join(fixtures, 'kernels', 'fault_oob_global.G.ptx'), kernel: 'fault_oob_global', grid: 1, block: 128,
    args: [{ buffer: 'data', type: 's32', count: 100 }, { s32: 100 }], outputs: ['data'],
  }));
  await dc.initializeRequest({ adapterID: 'gpumem' });
  await Promise.all([dc.waitForEvent('initialized'), dc.launchRequest({ program: launch } as DebugProtocol.LaunchRequestArguments)]);
  let [stopped] = await Promise.all([dc.waitForEvent('stopped'), dc.configurationDoneRequest()]);
  assert.equal(stopped.body.reason, 'exception');
  assert.match(stopped.body.text, /out-of-bounds access/);
  const stack = (await dc.stackTraceRequest({ threadId: stopped.body.threadId })).body.stackFrames;
  assert.equal(stack[0].source!.path, path.join(fixtures, 'kernels', 'fault_oob_global.cu'));
  assert.equal(stack[0].line, 5, 'data[i] = i + count;');

  // restart: the same launch again, stopped by the same fault, no exit in between
  let exitedEarly = false;
  const early = () => { exitedEarly = true; };
  dc.on('exited', early);
  const [again] = await Promise.all([dc.waitForEvent('stopped'), dc.restartRequest({})]);
  dc.off('exited', early);
  assert.equal(exitedEarly, false, 'the first run\'s end is no exit of the session');
  assert.equal(again.body.reason, 'exception');
  stopped = again;

  const [exited] = await Promise.all([dc.waitForEvent('exited'), dc.waitForEvent('terminated'),
    dc.continueRequest({ threadId: stopped.body.threadId })]);
  assert.equal(exited.body.exitCode, 2);
  const console = outputs.filter(o => o.category === 'console').map(o => o.output).join('');
  assert.match(console, /out-of-bounds access/);
});
