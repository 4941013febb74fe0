import { describe, expect, it } from 'vitest';
import { type CpuProfile, foldProfile, top } from '../bench/cpu-profile';

const frame = (functionName: string, url: string, lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber: 4,
});
const ext = 'chrome-extension://abc/content-scripts/youtube.js';

// (root) → render (extension) → diff (extension) → (garbage collector); render also runs page code.
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2] },
    { id: 2, callFrame: frame('render', ext, 9), children: [3, 5] },
    { id: 3, callFrame: frame('diff', ext, 19), children: [4] },
    { id: 4, callFrame: frame('(garbage collector)', '') },
    { id: 5, callFrame: frame('player', 'https://www.youtube.com/s/player.js') },
  ],
  samples: [2, 3, 3, 4, 5],
  timeDeltas: [1000, 2000, 2000, 500, 4000],
};

describe('the bench profiles folded', () => {
  it('gives self time by file and function, and the extension functions with what they called', () => {
    const byFile = new Map<string, number>();
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    foldProfile(profile, { byFile, self, inclusive });
    expect(Object.fromEntries(byFile)).toEqual({ 'youtube.js': 5, '(garbage collector)': 0.5, 'player.js': 4 });
    expect(self.get('youtube.js:10:5 render')).toBe(1);
    expect(self.get('youtube.js:20:5 diff')).toBe(4);
    expect(self.get('player.js:1:5 player')).toBe(4);
    expect(Object.fromEntries(inclusive)).toEqual({ 'youtube.js:10:5 render': 9.5, 'youtube.js:20:5 diff': 4.5 });
  });

  it('keeps to the extension when asked and adds to what earlier profiles left', () => {
    const self = new Map([['youtube.js:20:5 diff', 1]]);
    foldProfile(profile, { self, extensionSelfOnly: true });
    expect(Object.fromEntries(self)).toEqual({ 'youtube.js:10:5 render': 1, 'youtube.js:20:5 diff': 5 });
  });

  it('prints the largest first, per load', () => {
    const lines = top(
      new Map([
        ['a', 2],
        ['b', 9],
        ['c', 4],
      ]),
      2,
      2,
    ).split('\n');
    expect(lines).toEqual(['      4.5 ms  b', '      2.0 ms  c']);
  });
});
