// Latency of gpumem dap as a client sees it (releng/bench-dap runs it beside the same operations
// through the Eclipse debug model, DebugModelLatencyBenchmark, and prints the ratios): the time
// from a continue request to the stopped event of the next breakpoint hit, and of a readMemory
// of 64 KiB of global memory. It prints; it asserts nothing.
//
// The kernel is the one DebugModelLatencyBenchmark debugs: local_array.G.ptx's local_weighted
// over 16384 ints (64 KiB) in CTAs of 64 threads, stopped at local_array.cu:20 in its copy loop.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugProtocol } from '@vscode/debugprotocol';
import { fixtures, startClient } from '../protocol/harness';

const N = 16384;
const LOOP_LINE = 20;
const STOPS = Number(process.env.GPUMEM_BENCH_STOPS ?? 30);
const READS = Number(process.env.GPUMEM_BENCH_READS ?? 30);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function ms(from: bigint): number {
  return Number(process.hrtime.bigint() - from) / 1e6;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpumem-bench-'));
  const launch = path.join(dir, 'local_array.launch.json');
  fs.writeFileSync(launch, JSON.stringify({
    module: path.join(fixtures, 'kernels', 'local_array.G.ptx'), kernel: 'local_weighted', grid: N / 64, block: 64,
    args: [{ buffer: 'in', type: 's32', count: N, init: { random: 7 } }, { buffer: 'out', type: 's32', count: N }, { s32: N }],
    outputs: ['out'],
  }));
  const dc: DebugClient = await startClient();
  try {
    await dc.initializeRequest({ adapterID: 'gpumem', supportsMemoryReferences: true });
    await Promise.all([dc.waitForEvent('initialized'), dc.launchRequest({ program: launch } as DebugProtocol.LaunchRequestArguments)]);
    await dc.setBreakpointsRequest({ source: { path: path.join(fixtures, 'kernels', 'local_array.cu') }, breakpoints: [{ line: LOOP_LINE }] });
    let [stopped] = await Promise.all([dc.waitForEvent('stopped'), dc.configurationDoneRequest()]);

    const stops: number[] = [];
    for (let i = 0; i < STOPS; i++) {
      const start = process.hrtime.bigint();
      [stopped] = await Promise.all([dc.waitForEvent('stopped'), dc.continueRequest({ threadId: stopped.body.threadId })]);
      stops.push(ms(start));
    }

    const frame = (await dc.stackTraceRequest({ threadId: stopped.body.threadId })).body.stackFrames[0];
    const scopes = (await dc.scopesRequest({ frameId: frame.id })).body.scopes;
    const params = scopes.find(s => s.name === 'Parameters')!;
    const input = (await dc.variablesRequest({ variablesReference: params.variablesReference })).body.variables
      .find(v => v.name === 'in')!;
    const reference = `global [device] +${input.value}`;
    const reads: number[] = [];
    let bytes = 0;
    for (let i = 0; i < READS; i++) {
      const start = process.hrtime.bigint();
      const r = await dc.customRequest('readMemory', { memoryReference: reference, count: 64 * 1024 });
      reads.push(ms(start));
      bytes = Buffer.from(r.body.data ?? '', 'base64').length;
    }
    console.log(`gpumem dap latency: stop-to-stopped-event median ${median(stops).toFixed(2)} ms (${STOPS} stops), `
      + `readMemory 64 KiB median ${median(reads).toFixed(2)} ms (${READS} reads, ${bytes} bytes each)`);
    await dc.disconnectRequest({ terminateDebuggee: true });
  } finally {
    await dc.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch(e => {
  console.error(`gpumem dap latency: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
