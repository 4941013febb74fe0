import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `npm run release`: typecheck, lint and unit tests, then the store archives, named by package.json's version
 * (the one source of the version: WXT writes it into both manifests):
 *
 *   .output/transcript-lens-<version>-chrome.zip    Chrome Web Store and Edge Add-ons
 *   .output/transcript-lens-<version>-firefox.zip   Firefox Add-ons
 *   .output/transcript-lens-<version>-sources.zip   the sources Firefox reviewers rebuild (BUILDING.md inside)
 *   .output/transcript-lens-<version>.sha256        their SHA-256 sums (`sha256sum -c` reads it)
 *
 * `--no-checks` makes only the archives and sums (the release test suite, after `npm test` has run the checks).
 */
export const ROOT = resolve(import.meta.dirname, '..');
export const OUT = join(ROOT, '.output');

export type ReleaseFiles = { chrome: string; firefox: string; sources: string; sums: string };

export function releaseVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const version = pkg && typeof pkg === 'object' && 'version' in pkg ? pkg.version : undefined;
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error(`package.json's version must be MAJOR.MINOR.PATCH (the stores' form), not ${String(version)}`);
  }
  return version;
}

/** The archives' file names (in .output/) for a version. */
export function releaseFiles(version = releaseVersion()): ReleaseFiles {
  const base = `transcript-lens-${version}`;
  return {
    chrome: `${base}-chrome.zip`,
    firefox: `${base}-firefox.zip`,
    sources: `${base}-sources.zip`,
    sums: `${base}.sha256`,
  };
}

export function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function run(command: string, args: string[]): void {
  console.log(`\n› ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: ROOT, stdio: 'inherit' });
}

const wxt = (args: string[]) => run(process.execPath, [join(ROOT, 'node_modules', 'wxt', 'bin', 'wxt.mjs'), ...args]);

export function makeArchives(): ReleaseFiles {
  const files = releaseFiles();
  wxt(['zip', '-b', 'firefox']);
  // The sources archive last, from Chrome's zip: WXT leaves out of it the entrypoints the browser it zips for
  // skips, and Firefox skips the watch page's panel frame (Chromium only), which the Chrome rebuild needs.
  wxt(['zip', '--sources']);
  const archives = [files.chrome, files.firefox, files.sources];
  // Two spaces: the format `sha256sum -c` reads (binary and text modes are the same on Linux).
  const lines = archives.map((name) => `${sha256(join(OUT, name))}  ${name}`);
  writeFileSync(join(OUT, files.sums), `${lines.join('\n')}\n`);
  return files;
}

function main(): void {
  const checks = !process.argv.includes('--no-checks');
  const version = releaseVersion();
  console.log(`Transcript Lens ${version}: node ${process.version}`);
  if (checks) for (const script of ['typecheck', 'lint', 'test:unit']) run('npm', ['run', script]);
  const files = makeArchives();
  console.log(`\nRelease ${version} in .output/:`);
  for (const name of [files.chrome, files.firefox, files.sources]) {
    const bytes = statSync(join(OUT, name)).size;
    console.log(`  ${name.padEnd(40)} ${String(bytes).padStart(9)} bytes  sha256 ${sha256(join(OUT, name))}`);
  }
  console.log(`  ${files.sums} (sums, for sha256sum -c)`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
