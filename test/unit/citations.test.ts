import { describe, expect, it } from 'vitest';
import { type CitationContext, checkCitation, normalizeForMatch } from '../../utils/citations';

const segments = [
  { text: 'Welcome back to the channel.', start: 0, duration: 4 },
  { text: 'Today we talk about the Café', start: 4, duration: 3 },
  { text: 'and its déjà-vu moments!', start: 7, duration: 3 },
  { text: 'Then we look at prices.', start: 30, duration: 5 },
  { text: 'A gap follows.', start: 60, duration: 2 },
];
const ctx: CitationContext = { segments, visualTimes: [20, 45.5], durationSeconds: 120 };

describe('normalizeForMatch', () => {
  it('folds case, accents, punctuation and whitespace', () => {
    expect(normalizeForMatch('  Café,\n DÉJÀ-vu!  ')).toBe('cafe deja vu');
    expect(normalizeForMatch('Straße')).toBe('strasse');
    expect(normalizeForMatch('...')).toBe('');
  });
});

describe('checkCitation: spoken', () => {
  it('checks a quote found in segments within ±8 s, across segment boundaries, ignoring case and accents', () => {
    expect(checkCitation({ kind: 'speech', time: 5, quote: 'talk about the cafe and its deja vu' }, ctx)).toBe(
      'checked',
    );
    expect(checkCitation({ kind: 'speech', time: 12, quote: 'WELCOME BACK' }, ctx)).toBe('checked');
  });

  it('does not find a quote that is only outside the window, or is not said at all', () => {
    expect(checkCitation({ kind: 'speech', time: 20, quote: 'welcome back' }, ctx)).toBe('not_found');
    expect(checkCitation({ kind: 'speech', time: 31, quote: 'we look at costs' }, ctx)).toBe('not_found');
  });

  it('matches whole words only, and elided quotes piece by piece in order', () => {
    expect(checkCitation({ kind: 'speech', time: 1, quote: 'elcome bac' }, ctx)).toBe('not_found');
    expect(checkCitation({ kind: 'speech', time: 5, quote: 'Today we … déjà-vu moments' }, ctx)).toBe('checked');
    expect(checkCitation({ kind: 'speech', time: 5, quote: 'déjà-vu moments ... Today we' }, ctx)).toBe('not_found');
  });

  it('without a quote, checks that the time lands inside a real segment', () => {
    expect(checkCitation({ kind: 'speech', time: 32, quote: '' }, ctx)).toBe('checked');
    expect(checkCitation({ kind: 'speech', time: 35, quote: '  ' }, ctx)).toBe('checked');
    expect(checkCitation({ kind: 'speech', time: 45, quote: '' }, ctx)).toBe('not_found');
  });
});

describe('checkCitation: visual', () => {
  it('checks a time within 8 s of visual evidence, inclusive', () => {
    expect(checkCitation({ kind: 'visual', time: 28, quote: 'chart' }, ctx)).toBe('checked');
    expect(checkCitation({ kind: 'visual', time: 12, quote: 'chart' }, ctx)).toBe('checked');
    expect(checkCitation({ kind: 'visual', time: 53.5, quote: '' }, ctx)).toBe('checked');
  });

  it('does not check a visual claim far from every frame, even if the words were spoken', () => {
    expect(checkCitation({ kind: 'visual', time: 2, quote: 'welcome back' }, ctx)).toBe('not_found');
    expect(checkCitation({ kind: 'visual', time: 20, quote: '' }, { ...ctx, visualTimes: [] })).toBe('not_found');
  });
});

describe('checkCitation: times', () => {
  it.each([null, Number.NaN, -1, Number.POSITIVE_INFINITY, 121])('time %s is not_found', (time) => {
    expect(checkCitation({ kind: 'speech', time, quote: 'welcome back' }, ctx)).toBe('not_found');
    expect(checkCitation({ kind: 'visual', time, quote: '' }, ctx)).toBe('not_found');
  });

  it('tries both checks for a citation of unknown kind', () => {
    expect(checkCitation({ kind: 'unknown', time: 2, quote: 'welcome back' }, ctx)).toBe('checked');
    expect(checkCitation({ kind: 'unknown', time: 46, quote: 'not said' }, ctx)).toBe('checked');
    expect(checkCitation({ kind: 'unknown', time: 90, quote: 'not said' }, ctx)).toBe('not_found');
  });

  it('ignores broken segments and visual times without crashing', () => {
    const broken: CitationContext = {
      segments: [{ text: 'real words', start: Number.NaN, duration: 5 }],
      visualTimes: [Number.NaN, -10],
    };
    expect(checkCitation({ kind: 'speech', time: 1, quote: 'real words' }, broken)).toBe('not_found');
    expect(checkCitation({ kind: 'visual', time: 1, quote: '' }, broken)).toBe('not_found');
  });
});
