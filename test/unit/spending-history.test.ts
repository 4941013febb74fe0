import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { balanceLines, kindLabel, outcomeWords, subjectLines } from '../../utils/till/history';
import { reconcile } from '../../utils/till/journal';
import { reconciliationLines } from '../../utils/till/reconcile-text';
import {
  SPENDING_CSV_HEADER,
  spendingCsv,
  spendingCsvBlob,
  spendingCsvName,
  spendingCsvParts,
} from '../../utils/till/spending-csv';
import { AT, entryOf, outcomeOf, variedJournal } from '../journal-builders';

describe('spending history: what each row says', () => {
  it('names videos by the titles the library knows, the rest by id, and says how many more', () => {
    const e = entryOf({ subject: { ids: ['tvaHuman001', 'tvaSpanish1', 'tvaAutoGen1', 'tvaFlaky001'] } });
    expect(kindLabel(e)).toBe('4 transcripts');
    expect(subjectLines(e, { tvaSpanish1: 'Cocina' })).toEqual([
      'tvaHuman001, Cocina (tvaSpanish1), tvaAutoGen1, and 1 more',
    ]);
    const search = entryOf({
      kind: 'search',
      subject: { ids: ['tvaHuman001'], channel: '@tva', query: 'quorum', range: { from: 65, to: null } },
    });
    expect(subjectLines(search, {})).toEqual(['tvaHuman001', 'Channel @tva', 'Words “quorum”, 1:05–end']);
    const analysis = entryOf({ kind: 'analysis', subject: { ids: ['tvaLong4h01'], mode: 'deep', partial: true } });
    expect(subjectLines(analysis, {})).toEqual(['tvaLong4h01', 'Mode deep, allowed minutes only']);
  });

  it('says each outcome in words; an unknown one may have been charged, with the price of trying again', () => {
    const [delivered, refused, unknown, analysis] = variedJournal();
    expect(outcomeWords(delivered ?? entryOf())).toEqual({
      kind: 'delivered',
      label: 'Delivered',
      detail: 'Charged 1 Cloud Request',
      retry: null,
    });
    expect(outcomeWords(refused ?? entryOf())).toMatchObject({ kind: 'refused', label: 'Not charged' });
    expect(outcomeWords(unknown ?? entryOf())).toEqual({
      kind: 'unknown',
      label: 'May have been charged',
      detail: 'May have charged up to 1 AI Unit. The service took too long to answer.',
      retry: 'Trying again costs 1 AI Unit.',
    });
    const lostStart = entryOf({
      ...analysis,
      outcome: outcomeOf({ state: 'unknown', charged: { cloudRequests: 0, aiUnits: 33 } }),
    });
    expect(outcomeWords(lostStart).retry).toBe(
      'Trying again costs 33 AI Units (nothing, if the service did start it).',
    );
    // Settled since: still said, no longer asking to be tried again.
    expect(outcomeWords({ ...(unknown ?? entryOf()), resolvedAt: AT + 5 })).toMatchObject({
      label: 'May have been charged (settled since)',
      retry: null,
    });
    expect(outcomeWords(entryOf({ outcome: null })).kind).toBe('pending');
  });

  it('shows balances before and after where known', () => {
    expect(balanceLines({ cloudRequests: 1000, aiUnits: null }, { cloudRequests: 999, aiUnits: 3 })).toEqual([
      'Cloud Requests 1,000 → 999',
      'AI Units not reported → 3',
    ]);
    expect(balanceLines({ cloudRequests: null, aiUnits: null }, null)).toEqual([]);
  });
});

describe('spending history: reconciliation in words', () => {
  it('says the balances match the journal when they do, per currency', () => {
    const lines = reconciliationLines(reconcile([variedJournal()[0] ?? entryOf()]));
    expect(lines.map((l) => [l.currency, l.differs])).toEqual([
      ['cloudRequests', false],
      ['aiUnits', false],
    ]);
    expect(lines[0]?.text).toBe('Cloud Requests: the balance the service reported fell by 1, as the journal expects.');
    expect(lines[1]?.text).toBe('AI Units: the balance the service reported did not change, as the journal expects.');
  });

  it('flags a difference, names a top-up or a new month as a cause, and counts the unknown outcomes', () => {
    // AI Units: 500 before, 466 after, 33 expected (the unknown question may explain the one more).
    const lines = reconciliationLines(reconcile(variedJournal()));
    const ai = lines.find((l) => l.currency === 'aiUnits');
    expect(ai?.differs).toBe(true);
    expect(ai?.text).toContain('fell by 34, but the journal expects 33 charged, a difference of 1 AI Unit');
    expect(ai?.text).toContain('A top-up or a new month shows as a difference too');
    expect(ai?.text).toContain('the purchase marked “may have been charged”');
    // A balance that rose (a new month) is said as such.
    const topUp = entryOf({ after: { cloudRequests: 3500, aiUnits: 500 } });
    expect(reconciliationLines(reconcile([topUp]))[0]?.text).toContain('rose by 3,400, but the journal expects 1');
  });

  it('expects only the charges between the first balance known before and the last one reported after', () => {
    // The first purchase was made before any balance was known; the last answer (an MCP search) reported none.
    const journal = [
      entryOf({
        id: 'blind',
        before: { cloudRequests: null, aiUnits: null },
        after: { cloudRequests: 99, aiUnits: 500 },
      }),
      entryOf({
        id: 'seen',
        at: AT + 10,
        before: { cloudRequests: 99, aiUnits: 500 },
        after: { cloudRequests: 98, aiUnits: 500 },
      }),
      entryOf({
        id: 'mcp',
        kind: 'search',
        at: AT + 20,
        before: { cloudRequests: 98, aiUnits: 500 },
        after: null,
        outcome: outcomeOf({ charged: { cloudRequests: 3, aiUnits: 0 } }),
      }),
    ];
    const r = reconcile(journal);
    expect([r.reported.cloudRequests, r.expected.cloudRequests, r.differs.cloudRequests]).toEqual([1, 1, false]);
    // Nothing reported at all: every delivered charge is expected, and nothing is compared.
    const blind = journal.map((e) => ({ ...e, before: { cloudRequests: null, aiUnits: null }, after: null }));
    expect(reconcile(blind)).toMatchObject({ reported: { cloudRequests: null }, expected: { cloudRequests: 5 } });
  });

  it('says when the service reported nothing to compare with', () => {
    const lines = reconciliationLines(reconcile([entryOf({ before: { cloudRequests: null, aiUnits: null } })]));
    expect(lines[0]).toMatchObject({ differs: false });
    expect(lines[0]?.text).toContain('reported no balance before and after');
  });
});

describe('spending history: CSV', () => {
  it('writes one row per entry under stable columns, formula-safe, with a BOM a spreadsheet reads', () => {
    const csv = spendingCsv([...variedJournal()].reverse());
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows: Record<string, string>[] = parse(csv, { bom: true, columns: true });
    expect(Object.keys(rows[0] ?? {})).toEqual([...SPENDING_CSV_HEADER]);
    const charged = (r: Record<string, string>) => [r.chargedCloudRequests, r.chargedAiUnits];
    const mayHave = (r: Record<string, string>) => [r.mayHaveChargedCloudRequests, r.mayHaveChargedAiUnits];
    // An unknown outcome's possible charge is apart from what was charged: summing `charged` never overstates.
    expect(rows.map((r) => [r.kind, r.outcome, ...charged(r), ...mayHave(r)])).toEqual([
      ['analysis', 'delivered', '0', '33', '', ''],
      ['ask', 'unknown', '', '', '0', '1'],
      ['transcript', 'refused', '0', '0', '', ''],
      ['transcript', 'delivered', '1', '0', '', ''],
    ]);
    const [analysis, ask, refused, delivered] = rows;
    expect(delivered).toMatchObject({
      time: new Date(AT).toISOString(),
      path: 'panel',
      videos: 'tvaHuman001',
      delivered: 'tvaHuman001',
      priceCloudRequests: '1',
      priceAiUnitsUpTo: '33',
      cloudRequestsBefore: '100',
      cloudRequestsAfter: '99',
    });
    expect(refused?.videos).toBe('tvaDisable1');
    expect(analysis).toMatchObject({ mode: 'smart', path: 'menu' });
    // A question starting like a formula is written as text; an unreported balance is an empty cell.
    expect(ask?.question).toBe(`'=HYPERLINK("x") what about latency?`);
    expect(ask).toMatchObject({
      cloudRequestsAfter: '',
      aiUnitsAfter: '',
      message: 'The service took too long to answer.',
    });
  });

  it('writes a long history a part at a time: the same file, no part over its rows', async () => {
    const long = Array.from({ length: 301 }, () => variedJournal()).flat();
    const parts = [...spendingCsvParts(long, 500)];
    expect(parts).toHaveLength(1 + 3);
    expect(parts.slice(1).map((p) => p.split('\r\n').length - 1)).toEqual([500, 500, 204]);
    expect(parts.join('')).toBe(spendingCsv(long));
    const rows: unknown[] = parse(await spendingCsvBlob(long).text(), { bom: true, columns: true });
    expect(rows).toHaveLength(long.length);
  });

  it('names the file by the local date', () => {
    expect(spendingCsvName(new Date(2026, 0, 5, 12).getTime())).toBe('transcript-lens-spending-2026-01-05.csv');
  });
});
