import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { functionSpans, lineCount, oversized, ROOT, sourceFiles } from './sizes';

const BACKGROUND = 'entrypoints/background';

/**
 * The background's rooms as floors, lowest first (docs/background.md): a room imports only rooms on lower
 * floors, never one on its own floor, never a file of the background's root (index.ts, the handler tables), which
 * stands above them all.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['core'],
  ['account', 'consent', 'notes', 'saved', 'surfaces', 'till'],
  ['panel'],
  ['library'],
  ['channel'],
  ['confirm'],
  ['menu'],
];

const floorOf = new Map(FLOORS.flatMap((rooms, floor) => rooms.map((room): [string, number] => [room, floor])));

/** The room of a background file, or null for the root's files. */
function roomOf(file: string): string | null {
  const [first, ...rest] = file.slice(BACKGROUND.length + 1).split('/');
  return rest.length > 0 ? (first ?? null) : null;
}

/** Every module a file names (imports, type imports, re-exports, import()), resolved when it is relative. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const base = join(dirname(file), fileName);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
      (c) => existsSync(join(ROOT, c)) && statSync(join(ROOT, c)).isFile(),
    );
    return [found ?? `${base} (missing)`];
  });
}

/** Every import from one room to another, or from a room to the root, as `from → to` with both rooms. */
function crossings() {
  return sourceFiles(BACKGROUND).flatMap((file) =>
    importsOf(file)
      .filter((target) => target.startsWith(`${BACKGROUND}/`))
      .map((target) => ({ file, target, from: roomOf(file), to: roomOf(target) }))
      .filter(({ from, to }) => from !== to && from !== null),
  );
}

describe('the background rooms are floors', () => {
  it('every room is on a floor', () => {
    const rooms = readdirSync(join(ROOT, BACKGROUND)).filter((name) =>
      statSync(join(ROOT, BACKGROUND, name)).isDirectory(),
    );
    expect(rooms.length).toBeGreaterThan(8);
    expect(rooms.filter((room) => !floorOf.has(room))).toEqual([]);
    expect([...floorOf.keys()].filter((room) => !rooms.includes(room))).toEqual([]);
  });

  it('no two rooms import each other', () => {
    const pairs = new Set(crossings().map(({ from, to }) => `${from} → ${to}`));
    const mutual = [...pairs].filter((pair) => pairs.has(pair.split(' → ').reverse().join(' → ')));
    expect(pairs.size).toBeGreaterThan(20);
    expect(mutual).toEqual([]);
  });

  it('every import between rooms goes down a floor or more, none to the root', () => {
    const all = crossings();
    const upOrSideways = all
      .filter(({ from, to }) => to === null || (floorOf.get(to) ?? -1) >= (floorOf.get(from ?? '') ?? -1))
      .map(({ file, target }) => `${file} → ${target}`);
    // The walk sees type imports too: a type-only arrow up is still an arrow up.
    expect(all.some(({ file, target }) => file.includes('/menu/') && target.includes('/confirm/'))).toBe(true);
    expect(upOrSideways).toEqual([]);
  });
});

describe('the background has no big file and no long function', () => {
  it('no file over 300 lines and no function over 100 (no exceptions)', () => {
    const found = oversized([BACKGROUND], 300, 100);
    expect(found.files).toBeGreaterThan(60);
    expect(found.longFiles).toEqual([]);
    expect(found.longFunctions).toEqual([]);
  });

  it('the checker counts every kind of function by its lines, nested ones inside their outer one', () => {
    const text = [
      'export function outer() {',
      '  const arrow = (a: number) =>',
      '    a + 1;',
      '  class Box {',
      '    method() {',
      '      return 1;',
      '    }',
      '  }',
      '  return { arrow, Box, get size() { return 2; } };',
      '}',
      '',
    ].join('\n');
    expect(lineCount(text)).toBe(10);
    expect(functionSpans(text)).toEqual([
      { name: 'outer', line: 1, lines: 10 },
      { name: 'arrow', line: 2, lines: 2 },
      { name: 'method', line: 5, lines: 3 },
      { name: 'size', line: 9, lines: 1 },
    ]);
  });
});
