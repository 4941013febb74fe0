import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { afterBundle, entryChunk, takeStyles } from '../../scripts/finished-bundle';

/** A build's output as the bundle hooks see it: only the fields the helpers read. */
function bundleOf(files: Array<{ type: 'chunk' | 'asset'; fileName: string; isEntry?: boolean; source?: string }>) {
  return Object.fromEntries(files.map((file) => [file.fileName, file])) as unknown as Rollup.OutputBundle;
}

describe('a one-module build: its entry and its stylesheets', () => {
  it('finds the entry chunk among the others, and none where there is none', () => {
    const bundle = bundleOf([
      { type: 'chunk', fileName: 'shared.js', isEntry: false },
      { type: 'asset', fileName: 'a.css', source: 'a{}' },
      { type: 'chunk', fileName: 'panel-frame.js', isEntry: true },
    ]);
    expect(entryChunk(bundle)?.fileName).toBe('panel-frame.js');
    expect(entryChunk(bundleOf([{ type: 'chunk', fileName: 'shared.js', isEntry: false }]))).toBeUndefined();
  });

  it('takes every stylesheet out of the bundle as one text, in order, and leaves the rest', () => {
    const bundle = bundleOf([
      { type: 'asset', fileName: 'a.css', source: 'a{}' },
      { type: 'chunk', fileName: 'm.js', isEntry: true },
      { type: 'asset', fileName: 'icon.svg', source: '<svg/>' },
      { type: 'asset', fileName: 'b.css', source: 'b{}' },
    ]);
    expect(takeStyles(bundle)).toBe('a{}\nb{}');
    expect(Object.keys(bundle)).toEqual(['m.js', 'icon.svg']);
    expect(takeStyles(bundle)).toBe('');
  });
});

describe('a plugin on the finished bundle', () => {
  it('runs its handler after every other plugin’s', () => {
    const handler = () => {};
    expect(afterBundle('transcript-lens:test', handler)).toEqual({
      name: 'transcript-lens:test',
      generateBundle: { order: 'post', handler },
    });
  });
});
