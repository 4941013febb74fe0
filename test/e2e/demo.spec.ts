import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { ROOT } from './support/build';

test('npm run demo walks the whole tour headless, saves a screenshot per step and exits 0', async () => {
  test.setTimeout(180_000);
  const out = mkdtempSync(join(tmpdir(), 'tl-demo-'));
  const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'test/demo/run.ts'], {
    cwd: ROOT,
    env: { ...process.env, DEMO_HEADLESS: '1', DEMO_PORT: '0', DEMO_OUTPUT: out, TL_SKIP_BUILD: '1' },
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    stdout += String(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code, stdout).toBe(0);
  const steps = [
    'transcript',
    'search',
    'download-menu',
    'analysis-cost',
    'analysis-progress',
    'analysis-ready',
    'ask',
    'popup',
    'context-menu-confirmation',
  ];
  for (const [index, step] of steps.entries()) {
    const path = join(out, `${String(index + 1).padStart(2, '0')}-${step}.png`);
    expect(stdout).toContain(path);
    expect(readFileSync(path).subarray(1, 4).toString()).toBe('PNG');
  }
  // The download step saved a real subtitle file too.
  expect(stdout).toMatch(/Local service: http:\/\/127\.0\.0\.1:\d+/);
});
