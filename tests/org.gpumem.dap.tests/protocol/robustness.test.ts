// Malformed requests, unknown commands and bad arguments get an error response, never a hang or
// a dead server: after each, the same connection still answers.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ChildProcess } from 'node:child_process';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugProtocol } from '@vscode/debugprotocol';
import { startClient } from './harness';

let dc: DebugClient;

before(async () => {
  dc = await startClient();
  await dc.initializeRequest({ adapterID: 'gpumem' });
});

after(async () => {
  await dc.stop();
});

/** The error message of a request that must fail. */
async function refused(request: Promise<unknown>): Promise<string> {
  return request.then(r => assert.fail(`expected an error response, got ${JSON.stringify(r)}`), (e: Error) => e.message);
}

/** Still serving: a request it can answer now is answered. */
async function alive(): Promise<void> {
  const threads = await dc.threadsRequest();
  assert.deepEqual(threads.body.threads, []);
}

test('an unknown command is refused and the server goes on', async () => {
  assert.match(await refused(dc.customRequest('frobnicate', { x: 1 })), /frobnicate/);
  assert.match(await refused(dc.customRequest('stepBack', { threadId: 1 })), /stepBack/);
  await alive();
});

test('a message that is not JSON is skipped and the next one answered', async () => {
  // DebugClient frames what it sends; write a frame of garbage straight into the adapter's input
  const adapter: ChildProcess = (dc as unknown as { _adapterProcess: ChildProcess })._adapterProcess;
  const garbage = '{"seq": 1, "type": "request", "command": ';
  adapter.stdin!.write(`Content-Length: ${Buffer.byteLength(garbage)}\r\n\r\n${garbage}`);
  await alive();
  const noType = '{"seq": 2, "command": "threads"}';
  adapter.stdin!.write(`Content-Length: ${Buffer.byteLength(noType)}\r\n\r\n${noType}`);
  await alive();
});

test('bad arguments are refused with the reason', async () => {
  assert.match(await refused(dc.customRequest('launch', {})), /program/);
  assert.match(await refused(dc.customRequest('launch', { program: '/nonexistent/app' })), /\/nonexistent\/app/);
  assert.match(await refused(dc.customRequest('launch', { program: 42 })), /program/);
  assert.match(await refused(dc.customRequest('readMemory', { memoryReference: 'shared [CTA (0,0,0)] +0x0', count: 4 })),
    /no kernel launch/);
  assert.match(await refused(dc.customRequest('setBreakpoints', { breakpoints: [{ line: 3 }] })), /source/);
  assert.match(await refused(dc.customRequest('stackTrace', { threadId: 99 } as DebugProtocol.StackTraceArguments)),
    /no kernel launch/);
  await alive();
});
