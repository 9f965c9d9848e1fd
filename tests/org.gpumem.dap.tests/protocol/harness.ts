// How the protocol tests start gpumem dap: the launcher and fixtures the build names in the
// environment (GPUMEM_LAUNCHER: the repository's ./gpumem; GPUMEM_FIXTURES: tests/fixtures).

import assert from 'node:assert/strict';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugProtocol } from '@vscode/debugprotocol';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run these tests through the Maven build of tests/org.gpumem.dap.tests`);
  }
  return value;
}

export const launcher = required('GPUMEM_LAUNCHER');
export const fixtures = required('GPUMEM_FIXTURES');

/**
 * A DebugClient on a fresh `gpumem dap` over standard input and output, as VS Code starts it.
 * Its time-out only keeps a broken adapter from hanging the build: the simulation of a launch of
 * 256 CTAs takes seconds on two cores.
 */
export async function startClient(): Promise<DebugClient> {
  const dc = new DebugClient(launcher, 'dap', 'gpumem', { stdio: ['pipe', 'pipe', 'pipe'] }, true);
  dc.defaultTimeout = 300_000;
  await dc.start();
  return dc;
}

/** CTA, warp and lane of a stop, from the lane gpumem's stopped event names (one-dimensional grids). */
export function laneOf(stopped: DebugProtocol.StoppedEvent): { cta: number; warp: number; lane: number } {
  const m = /^CTA \((\d+),0,0\) warp (\d+) lane (\d+)$/.exec((stopped.body as { lane?: string }).lane ?? '');
  assert.ok(m, JSON.stringify(stopped.body));
  return { cta: Number(m![1]), warp: Number(m![2]), lane: Number(m![3]) };
}

/** The innermost frame of a thread at this stop. */
export async function topFrame(dc: DebugClient, threadId: number): Promise<DebugProtocol.StackFrame> {
  return (await dc.stackTraceRequest({ threadId })).body.stackFrames[0];
}
