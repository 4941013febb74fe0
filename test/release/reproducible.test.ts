import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUT, releaseFiles, sha256 } from '../../scripts/release';

/**
 * What a Firefox reviewer does: unpack the sources archive into an empty folder, run the commands BUILDING.md
 * gives, and compare every file with the release archives, byte for byte. Slow (a full `npm ci`, from the npm
 * cache when it has the packages): `npm run test:release` runs it after making the archives, and .ci/run runs that.
 */
const files = releaseFiles();
const archive = (name: string) => join(OUT, name);

function unzip(path: string): Map<string, Buffer> {
  const entries = unzipSync(readFileSync(path));
  return new Map(
    Object.entries(entries)
      .filter(([name]) => !name.endsWith('/'))
      .map(([name, bytes]) => [name, Buffer.from(bytes)]),
  );
}

function tree(dir: string): Map<string, Buffer> {
  const found = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(
    found.map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [relative(dir, path).replaceAll('\\', '/'), readFileSync(path)];
    }),
  );
}

/** The shell commands of BUILDING.md's "Commands" section, in order: the documented build, nothing else. */
function documentedCommands(note: string): string[] {
  const section = note.split(/^## /m).find((part) => part.startsWith('Commands'));
  const block = section?.match(/```sh\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('BUILDING.md has no sh block under "## Commands"');
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** npm's own variables (set when this runs under `npm run`) would leak this checkout's settings into the rebuild. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  // The packages are in the npm cache after this checkout's own `npm ci`: use them, ask the registry for the rest.
  return { ...env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
}

let dir = '';
let commands: string[] = [];

beforeAll(() => {
  for (const name of [files.chrome, files.firefox, files.sources, files.sums]) {
    if (!existsSync(archive(name))) throw new Error(`${name} is missing: run npm run release (or test:release).`);
  }
  dir = mkdtempSync(join(tmpdir(), 'tl-rebuild-'));
  for (const [name, bytes] of unzip(archive(files.sources))) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  commands = documentedCommands(readFileSync(join(dir, 'BUILDING.md'), 'utf8'));
  for (const command of commands) {
    console.log(`rebuild: ${command}`);
    execFileSync('sh', ['-c', command], { cwd: dir, env: cleanEnv(), stdio: ['ignore', 'inherit', 'inherit'] });
  }
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the release', () => {
  it('has the sums its manifest file lists, one line per archive', () => {
    const lines = readFileSync(archive(files.sums), 'utf8').trim().split('\n');
    expect(lines).toEqual(
      [files.chrome, files.firefox, files.sources].map((name) => `${sha256(archive(name))}  ${name}`),
    );
  });

  it('has a sources archive with the build note, the lock file and the Node version, and no tests', () => {
    const names = [...unzip(archive(files.sources)).keys()];
    expect(names).toEqual(expect.arrayContaining(['BUILDING.md', 'package.json', 'package-lock.json', '.nvmrc']));
    expect(names.filter((name) => /^(test|node_modules|\.output|\.wxt)\//.test(name))).toEqual([]);
    expect(commands).toEqual(['npm ci', 'npm run build:firefox', 'npm run build']);
  });
});

describe.each([
  ['firefox', 'firefox-mv2'],
  ['chrome', 'chrome-mv3'],
] as const)('the %s archive rebuilt from the sources archive', (browser, folder) => {
  it('has the same files, byte for byte', () => {
    const released = unzip(archive(files[browser]));
    const rebuilt = tree(join(dir, '.output', folder));
    expect([...rebuilt.keys()].sort()).toEqual([...released.keys()].sort());
    const different = [...released].filter(([name, bytes]) => !rebuilt.get(name)?.equals(bytes)).map(([name]) => name);
    expect(different).toEqual([]);
  });
});
