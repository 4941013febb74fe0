import { describe, expect, it } from 'vitest';
import { analysisStartCharge, journalledJobIds } from '../../../utils/till/analysis-charge';
import { entryOf, outcomeOf } from '../../journal-builders';

const PRICE = 33;
const none = new Set<number>();

describe('what an analysis start charged, by the spec', () => {
  it('a new job (202, queued, an id not known) costs its price', () => {
    expect(analysisStartCharge({ httpStatus: 202, status: 'queued', jobId: 1001 }, none, PRICE)).toBe(PRICE);
  });

  it('"analyzed before" (200, ready) costs nothing', () => {
    expect(analysisStartCharge({ httpStatus: 200, status: 'ready', jobId: 1001 }, none, PRICE)).toBe(0);
    // The code alone, or the state alone, says it.
    expect(analysisStartCharge({ httpStatus: 200, status: 'queued', jobId: 1001 }, none, PRICE)).toBe(0);
    expect(analysisStartCharge({ httpStatus: null, status: 'ready', jobId: 1001 }, none, PRICE)).toBe(0);
    expect(analysisStartCharge({ httpStatus: 200, status: 'ready', jobId: 0, unnumbered: true }, none, PRICE)).toBe(0);
  });

  it('the same job returned, still queued, costs nothing when its id is known', () => {
    const known = new Set([1001]);
    expect(analysisStartCharge({ httpStatus: 202, status: 'queued', jobId: 1001 }, known, PRICE)).toBe(0);
    expect(analysisStartCharge({ httpStatus: 202, status: 'queued', jobId: 1002 }, known, PRICE)).toBe(PRICE);
  });

  it('a job already processing was there (a fresh start is queued): nothing', () => {
    expect(analysisStartCharge({ httpStatus: 202, status: 'processing', jobId: 1001 }, none, PRICE)).toBe(0);
  });

  it('a job queued by another device, never seen: the balance it left where it was tells it from a new one', () => {
    const queued = { httpStatus: 202, status: 'queued' as const, jobId: 1001 };
    // The same job returned: the answer reports the balance known just before.
    expect(analysisStartCharge(queued, none, PRICE, { before: 500, after: 500 })).toBe(0);
    // A new job: the balance fell.
    expect(analysisStartCharge(queued, none, PRICE, { before: 500, after: 467 })).toBe(PRICE);
    // Either balance unknown: it may be a new job, booked at its price.
    expect(analysisStartCharge(queued, none, PRICE, { before: null, after: 500 })).toBe(PRICE);
    expect(analysisStartCharge(queued, none, PRICE, { before: 500, after: null })).toBe(PRICE);
    expect(analysisStartCharge(queued, none, PRICE)).toBe(PRICE);
  });

  it('a status word the extension cannot read is booked at the price (it may be a new job)', () => {
    const odd = { httpStatus: 202, status: 'processing' as const, jobId: 1001, unknownStatus: 'warming' };
    expect(analysisStartCharge(odd, none, PRICE)).toBe(PRICE);
  });
});

describe('the jobs earlier starts of a video delivered', () => {
  const start = (video: string, delivered: string[], state: 'delivered' | 'unknown' = 'delivered') =>
    entryOf({
      kind: 'analysis',
      subject: { ids: [video], mode: 'smart', partial: false },
      outcome: outcomeOf({ state, delivered }),
    });

  it("are this video's numbered jobs, delivered", () => {
    const entries = [
      start('tvaHuman001', ['1001']),
      start('tvaHuman001', ['tvaHuman001']),
      start('tvaSpanish1', ['1002']),
      start('tvaHuman001', [], 'unknown'),
      entryOf({ kind: 'ask', subject: { ids: ['tvaHuman001'], jobId: 1003 } }),
    ];
    expect(journalledJobIds(entries, 'tvaHuman001')).toEqual([1001]);
  });
});
