import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { startService } from './index';

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

/** Runs the CLI as `npm run service` does (tsx) and resolves with what it printed once it listens. */
function runCli(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    child = spawn(process.execPath, ['--import', 'tsx', 'test/service/cli.ts', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${out}`)), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('MCP:')) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.on('exit', (code) => reject(new Error(`CLI exited with ${code}: ${out}`)));
  });
}

describe('npm run service (CLI)', () => {
  it('prints its loopback URL and the seeded tokens, and serves the control API with --control', async () => {
    const out = await runCli(['--port', '0', '--control', '--job-ms', '1000']);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
    expect(url).toBeDefined();
    for (const token of [
      'demo-free',
      'demo-starter',
      'demo-pro',
      'demo-team',
      'demo-unverified',
      'demo-empty',
      'mkt-demo',
    ]) {
      expect(out).toContain(token);
    }
    expect((await fetch(`${url}/openapi.json`)).status).toBe(200);
    expect((await fetch(`${url}/__control/ledger`)).status).toBe(200);
  }, 20_000);
});

describe('startService', () => {
  it('listens on 127.0.0.1 and has no control API unless asked', async () => {
    const service = await startService({ port: 0 });
    try {
      expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const reply = await fetch(`${service.url}/__control/reset`, { method: 'POST' });
      expect(reply.status).toBe(404);
    } finally {
      await service.close();
    }
  });
});
