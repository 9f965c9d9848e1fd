// gpumem dap --port 0: listens on a loopback port it prints, serves a client per connection.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { launcher } from './harness';

test('two clients, one after the other, on the port gpumem dap prints', async () => {
  const server = spawn(launcher, ['dap', '--port', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    let said = '';
    server.stderr!.setEncoding('utf8');
    const port = await new Promise<number>((resolve, reject) => {
      server.stderr!.on('data', (chunk: string) => {
        said += chunk;
        const m = /gpumem dap: listening on 127\.0\.0\.1:(\d+)/.exec(said);
        if (m) {
          resolve(Number(m[1]));
        }
      });
      server.on('exit', code => reject(new Error(`gpumem dap exited ${code}: ${said}`)));
    });
    for (let client = 0; client < 2; client++) {
      const dc = new DebugClient('unused', 'unused', 'gpumem');
      await dc.start(port);
      const init = await dc.initializeRequest({ adapterID: 'gpumem' });
      assert.equal(init.body!.supportsReadMemoryRequest, true);
      assert.match(await dc.customRequest('frobnicate').then(() => '', (e: Error) => e.message), /frobnicate/);
      await dc.stop();
    }
  } finally {
    server.kill();
    await once(server, 'exit');
  }
});
