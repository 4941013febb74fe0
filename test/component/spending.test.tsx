// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../entrypoints/spending/App';
import type { JournalEntry } from '../../utils/till/journal';
import { AT, entryOf, variedJournal } from '../journal-builders';
import { errReply, fakePageSend, okReply, type PageFakes } from './kit';

afterEach(cleanup);

const newestFirst = (entries: JournalEntry[]) => [...entries].sort((a, b) => b.at - a.at);

function setup(entries: JournalEntry[] = newestFirst(variedJournal()), handlers: PageFakes = {}) {
  const fake = fakePageSend({
    'spending.history': () =>
      okReply({ hasAccount: true, tokenHint: '…-pro', entries, titles: { tvaHuman001: '<b>Distributed</b> Systems' } }),
    ...handlers,
  });
  const saved: { blob: Blob; name: string }[] = [];
  const now = () => new Date(2026, 10, 23, 12).getTime();
  render(<App send={fake.send} save={(blob, name) => saved.push({ blob, name })} now={now} />);
  return { ...fake, saved };
}

/** The purchases' rows (the header row is a row too). */
const purchases = () => within(screen.getAllByRole('rowgroup')[1] as HTMLElement).getAllByRole('row');

describe('spending page', () => {
  it('lists one row per purchase, newest first, with what, where from, the price, the outcome and balances', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Spending' })).toBeTruthy();
    await waitFor(() => expect(purchases()).toHaveLength(4));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'When',
      'What',
      'From',
      'Price shown',
      'Outcome',
      'Balances',
    ]);
    expect(purchases().map((r) => r.getAttribute('data-outcome'))).toEqual([
      'delivered',
      'unknown',
      'refused',
      'delivered',
    ]);
    const [analysis, question, refused, transcript] = purchases();
    const when = analysis?.querySelector('time');
    expect(when?.getAttribute('datetime')).toBe(new Date(AT + 180_000).toISOString());
    expect(when?.textContent).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(analysis?.textContent).toContain('Analysis');
    expect(analysis?.textContent).toContain('Context menu');
    expect(analysis?.textContent).toContain('Mode smart');
    expect(analysis?.textContent).toContain('Charged 33 AI Units');
    expect(analysis?.textContent).toContain('AI Units 499 → 466');
    // Titles and questions are text, whatever they hold.
    expect(transcript?.querySelector('b')).toBeNull();
    expect(transcript?.textContent).toContain('<b>Distributed</b> Systems (tvaHuman001)');
    expect(transcript?.textContent).toContain('1 Cloud Request, and up to 33 AI Units for videos without captions');
    expect(transcript?.textContent).toContain('Cloud Requests 100 → 99');
    expect(refused?.textContent).toContain('Not charged');
    expect(question?.textContent).toContain('Question “=HYPERLINK("x") what about latency?”');
    expect(screen.getByText('What the token ending in …-pro bought', { exact: false })).toBeTruthy();
  });

  it('makes an unknown outcome stand out: may have been charged, and what trying again costs', async () => {
    setup();
    await waitFor(() => expect(purchases()).toHaveLength(4));
    const unknown = purchases()[1] as HTMLElement;
    expect(unknown.className).toContain('outcome-unknown');
    expect(within(unknown).getByText('May have been charged')).toBeTruthy();
    expect(within(unknown).getByText('Trying again costs 1 AI Unit.')).toBeTruthy();
    expect(screen.getByText(/^1 purchase may have been charged without the answer arriving/)).toBeTruthy();
  });

  it('flags a difference between the balances the service reported and the journal, per currency', async () => {
    setup();
    const region = await screen.findByRole('region', { name: 'Balances and charges' });
    const cloud = region.querySelector('[data-currency="cloudRequests"]');
    const ai = region.querySelector('[data-currency="aiUnits"]');
    expect(cloud?.className).not.toContain('differs');
    expect(cloud?.textContent).toContain('fell by 1, as the journal expects');
    expect(ai?.className).toContain('differs');
    expect(ai?.textContent).toMatch(/^Does not match\. AI Units: .*fell by 34, but the journal expects 33/);
    expect(ai?.textContent).toContain('A top-up or a new month shows as a difference too');
  });

  it('saves the history as a CSV file, read afresh, one row per purchase', async () => {
    const { saved, of } = setup();
    await waitFor(() => expect(purchases()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(of('spending.history')).toHaveLength(2);
    expect(saved[0]?.name).toBe('transcript-lens-spending-2026-11-23.csv');
    const rows: Record<string, string>[] = parse((await saved[0]?.blob.text()) ?? '', { bom: true, columns: true });
    expect(rows.map((r) => [r.kind, r.outcome])).toEqual([
      ['analysis', 'delivered'],
      ['ask', 'unknown'],
      ['transcript', 'refused'],
      ['transcript', 'delivered'],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Saved 4 purchases as CSV.');
  });

  it('says when nothing was bought, when no token is saved, and a failure as an alert', async () => {
    setup([]);
    expect(await screen.findByText(/Nothing has been bought with this token/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    setup([], { 'spending.history': () => okReply({ hasAccount: false, tokenHint: null, entries: [], titles: {} }) });
    expect(await screen.findByText(/No API token is saved/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
    cleanup();
    setup([entryOf()], { 'spending.history': () => errReply('internal', 'The journal could not be read.') });
    expect((await screen.findByRole('alert')).textContent).toContain('The journal could not be read.');
  });
});
