// How the protocol tests start gpumem dap: the launcher and fixtures the build names in the
// environment (GPUMEM_LAUNCHER: the repository's ./gpumem; GPUMEM_FIXTURES: tests/fixtures).

import { DebugClient } from '@vscode/debugadapter-testsupport';

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
