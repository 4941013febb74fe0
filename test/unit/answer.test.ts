import { afterEach, describe, expect, it } from 'vitest';
import { readBundle } from '../../scripts/locales';
import { normalizeAnswer } from '../../utils/api/read/answer';
import { setCatalogue } from '../../utils/i18n/catalogue';

afterEach(() => setCatalogue('en', readBundle('en', 'all')));

describe('normalizeAnswer', () => {
  it('reads the canonical server shape', () => {
    const view = normalizeAnswer({
      answer: 'It costs 3 units per minute.',
      citations: [
        { kind: 'speech', time: 12, quote: 'three units per minute' },
        { kind: 'visual', time: 40.5, quote: 'pricing table' },
      ],
      insufficientEvidence: false,
    });
    expect(view).toEqual({
      text: 'It costs 3 units per minute.',
      citations: [
        { kind: 'speech', time: 12, quote: 'three units per minute' },
        { kind: 'visual', time: 40.5, quote: 'pricing table' },
      ],
      insufficient: false,
      other: [],
    });
  });

  it.each(['answer', 'text', 'response', 'content', 'result'])('reads the answer text from %s', (key) => {
    expect(normalizeAnswer({ [key]: 'Yes.' }).text).toBe('Yes.');
  });

  it.each(['citations', 'sources', 'evidence', 'references'])('reads citations from %s', (key) => {
    const view = normalizeAnswer({ answer: 'a', [key]: [{ type: 'audio', timestamp: '1:05', text: 'q' }] });
    expect(view.citations).toEqual([{ kind: 'speech', time: 65, quote: 'q' }]);
  });

  it.each(['insufficientEvidence', 'insufficient_evidence', 'insufficient', 'evidenceInsufficient'])(
    'reads the insufficient flag from %s, as a boolean or boolean-ish string',
    (key) => {
      expect(normalizeAnswer({ answer: 'x', [key]: true }).insufficient).toBe(true);
      expect(normalizeAnswer({ answer: 'x', [key]: 'true' }).insufficient).toBe(true);
      expect(normalizeAnswer({ answer: 'The evidence is insufficient.', [key]: false }).insufficient).toBe(false);
    },
  );

  it('detects insufficiency from an empty citation list plus answer text that says so', () => {
    expect(
      normalizeAnswer({ answer: 'The evidence is insufficient to answer this.', citations: [] }).insufficient,
    ).toBe(true);
    expect(normalizeAnswer('There is not enough evidence in the video.').insufficient).toBe(true);
    expect(normalizeAnswer({ answer: 'I cannot answer that from this video.' }).insufficient).toBe(true);
    // a citation survived: the text alone does not make it insufficient
    const cited = normalizeAnswer({
      answer: 'Partly insufficient, but see 0:12.',
      citations: [{ time: 12, quote: 'x' }],
    });
    expect(cited.insufficient).toBe(false);
    expect(normalizeAnswer({ answer: 'Yes, at 0:12.', citations: [] }).insufficient).toBe(false);
  });

  it('gives an empty, not-insufficient view for null and undefined', () => {
    for (const raw of [null, undefined]) {
      expect(normalizeAnswer(raw)).toEqual({ text: '', citations: [], insufficient: false, other: [] });
    }
  });

  it('reads a plain string answer and a JSON-encoded one', () => {
    expect(normalizeAnswer('Plain answer.').text).toBe('Plain answer.');
    const decoded = normalizeAnswer(JSON.stringify({ answer: 'json', sources: ['[0:07] a quote'] }));
    expect(decoded.text).toBe('json');
    expect(decoded.citations).toEqual([{ kind: 'unknown', time: 7, quote: 'a quote' }]);
    expect(normalizeAnswer('{not json').text).toBe('{not json');
  });

  it('unwraps nested answer objects and data wrappers', () => {
    const view = normalizeAnswer({
      data: { answer: { text: 'deep', citations: [{ kind: 'frame', t: 3, caption: 'c' }] } },
    });
    expect(view.text).toBe('deep');
    expect(view.citations).toEqual([{ kind: 'visual', time: 3, quote: 'c' }]);
  });

  it('nulls invalid times and times past the video end, keeping the citation', () => {
    const citations = [
      { kind: 'speech', time: Number.NaN, quote: 'a' },
      { kind: 'speech', time: -3, quote: 'b' },
      { kind: 'speech', time: '99:00:00', quote: 'c' },
      { kind: 'speech', time: '2:00', quote: 'd' },
    ];
    const view = normalizeAnswer({ answer: 'x', citations }, { durationSeconds: 300 });
    expect(view.citations.map((c) => c.time)).toEqual([null, null, null, 120]);
    expect(view.citations.map((c) => c.quote)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('prefers the quote over other text fields of a citation', () => {
    const view = normalizeAnswer({ answer: 'x', citations: [{ description: 'desc', quote: 'the words', time: 1 }] });
    expect(view.citations[0]?.quote).toBe('the words — desc');
  });

  it('shows unknown fields in other but not response metadata', () => {
    const view = normalizeAnswer({
      answer: 'x',
      jobId: 4,
      question: 'q?',
      aiUnitsRemaining: 10,
      confidence: 0.8,
      followUps: ['a', { text: 'b' }],
    });
    expect(view.other).toEqual([
      { label: 'Confidence', text: '0.8' },
      { label: 'Follow ups', text: 'a, {text: b}' },
    ]);
  });

  it('labels what it shows of the citations in the interface language', () => {
    setCatalogue('ja', readBundle('ja', 'all'));
    const many = Array.from({ length: 600 }, (_, i) => ({ time: i, quote: `q${i}` }));
    expect(normalizeAnswer({ answer: 'x', citations: many }).other).toEqual([
      { label: '引用', text: '600 件中、最初の 500 件を表示しています。' },
    ]);
  });

  it('is bounded and safe on hostile input', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ time: i % 50, quote: `q${i}` }));
    const html = '<img src=x onerror=alert(1)>';
    const raw: unknown = JSON.parse(`{"__proto__": {"polluted": 1}, "answer": ${JSON.stringify(html)}}`);
    const hostile = normalizeAnswer(raw);
    expect(hostile.text).toBe(html);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const view = normalizeAnswer({ answer: 'x'.repeat(100_000), citations: many });
    expect(view.citations).toHaveLength(500);
    expect(view.other).toEqual([{ label: 'Citations', text: 'Showing the first 500 of 100,000 items.' }]);
    expect(view.text.length).toBeLessThanOrEqual(20_000);
    expect(JSON.stringify(normalizeAnswer({ answer: { weird: { deeper: [1, { a: null }] } } }))).not.toContain(
      '[object',
    );
  });
});
