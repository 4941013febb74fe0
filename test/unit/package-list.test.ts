import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const ROOT = resolve(import.meta.dirname, '../..');
const Manifest = z.object({
  dependencies: z.record(z.string(), z.string()),
  devDependencies: z.record(z.string(), z.string()),
  overrides: z.record(z.string(), z.string()).default({}),
});
const manifest = Manifest.parse(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')));
const declared = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)];

/** Product, tests, scripts and the root configs: where a package is imported or named. */
function sources(): string[] {
  const code = /\.(ts|tsx|mts|js|mjs|json)$/;
  const nested = ['components', 'entrypoints', 'utils', 'test', 'scripts'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => code.test(file))
      .map((file) => join(dir, file)),
  );
  const root = readdirSync(ROOT).filter((file) => code.test(file) && !file.startsWith('package'));
  return [...nested, ...root].map((file) => readFileSync(join(ROOT, file), 'utf8'));
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** `'name'`, `"name"` or `'name/sub/path'`: an import, a require or a config naming the package. */
const named = (name: string, text: string) => new RegExp(`['"]${literal(name)}(/[^'"]*)?['"]`).test(text);

/** BUILDING.md's "Dependencies": the packages used without an import, and why the overrides are there. */
const section =
  readFileSync(join(ROOT, 'BUILDING.md'), 'utf8')
    .split(/^## /m)
    .find((s) => s.startsWith('Dependencies')) ?? '';
const listedWithoutImport = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1] ?? '');

describe('the package list', () => {
  it('declares each package once, in dependencies or devDependencies', () => {
    const twice = Object.keys(manifest.dependencies).filter((name) => name in manifest.devDependencies);
    expect(twice).toEqual([]);
  });

  it('uses every package it declares: imported by name, or listed in BUILDING.md with what uses it', () => {
    const texts = sources();
    const unused = declared.filter(
      (name) => !listedWithoutImport.includes(name) && !texts.some((text) => named(name, text)),
    );
    expect(declared.length).toBeGreaterThan(20);
    expect(unused).toEqual([]);
  });

  it('lists in BUILDING.md only packages it declares, and says why each override is there', () => {
    expect(listedWithoutImport.length).toBeGreaterThan(0);
    expect(listedWithoutImport.filter((name) => !declared.includes(name))).toEqual([]);
    expect(Object.keys(manifest.overrides).filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });
});
