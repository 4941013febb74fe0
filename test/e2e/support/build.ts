import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
/** The test build: production code plus loopback host access for the local service. */
export const EXTENSION_DIR = join(ROOT, '.output', 'chrome-mv3-e2e');

export function buildTestExtension(): void {
  if (process.env.TL_SKIP_BUILD === '1' && existsSync(EXTENSION_DIR)) return;
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'wxt', 'bin', 'wxt.mjs'), 'build', '--mode', 'e2e'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
