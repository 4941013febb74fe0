import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
/**
 * The test build: production code plus loopback host access for the local service. TL_EXTENSION_DIR names a test
 * build copied elsewhere, used as it is (never built): two builds measured alternately (docs/benchmarks.md).
 */
const OTHER_DIR = process.env.TL_EXTENSION_DIR;
export const EXTENSION_DIR = OTHER_DIR ? resolve(OTHER_DIR) : join(ROOT, '.output', 'chrome-mv3-e2e');

/** The production build, as users load it. */
export const PRODUCTION_DIR = join(ROOT, '.output', 'chrome-mv3');

function wxtBuild(args: string[]): void {
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'wxt', 'bin', 'wxt.mjs'), 'build', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

export function buildTestExtension(): void {
  if (OTHER_DIR || (process.env.TL_SKIP_BUILD === '1' && existsSync(EXTENSION_DIR))) return;
  wxtBuild(['--mode', 'e2e']);
}

/** The production build (global-setup.ts makes it once for the e2e run; the bench makes its own). */
export function buildProduction(): void {
  if (process.env.TL_SKIP_BUILD === '1' && existsSync(PRODUCTION_DIR)) return;
  wxtBuild([]);
}
