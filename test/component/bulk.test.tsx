// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { BulkBar } from '../../components/channel/BulkBar';
import type { BulkStatus, UploadRow } from '../../utils/channel-views';
import { untrusted } from '../setup/trusted-events';
import { fakeSend, okReply } from './kit';

const rows: UploadRow[] = ['aaaaaaaaaaa', 'bbbbbbbbbbb', 'ccccccccccc'].map((id) => ({
  id,
  title: `Video ${id}`,
  published: '2025-06-01',
  saved: id === 'aaaaaaaaaaa',
  analyzed: false,
}));
const status = (over: Partial<BulkStatus>): BulkStatus => ({
  runId: '00000000-0000-4000-8000-000000000000',
  channel: '@tvademo',
  title: 'TVA Demo',
  etaSeconds: null,
  format: 'srt',
  startedAt: 0,
  state: 'running',
  total: 2,
  done: 0,
  failed: [],
  left: 2,
  message: null,
  ...over,
});

afterEach(cleanup);

describe('BulkBar', () => {
  it('prices the selection first (saved ones free), and buys only on a person’s click of the confirmation', async () => {
    const bg = fakeSend({
      'bulk.quote': () => okReply({ quoteId: 'q9', selected: 3, uncached: 2, balance: 10 }),
      'bulk.start': () => okReply(status({})),
    });
    render(<BulkBar channel="@tvademo" send={bg.send} selection={rows} />);
    const open = screen.getByRole('button', { name: 'Download transcripts' });
    open.dispatchEvent(untrusted(new MouseEvent('click', { bubbles: true })));
    expect(bg.of('bulk.quote')).toEqual([]);
    fireEvent.click(open);
    await screen.findByText(/3 videos selected: 2 transcripts to buy for 2 Cloud Requests · 10 left; 1 already saved/);
    const buy = screen.getByRole('button', { name: 'Buy 2 transcripts and download' });
    buy.dispatchEvent(untrusted(new MouseEvent('click', { bubbles: true })));
    expect(bg.of('bulk.start')).toEqual([]);
    fireEvent.click(buy);
    await screen.findByRole('progressbar', { name: 'Bulk transcripts' });
    expect(bg.of('bulk.start')).toEqual([
      { type: 'bulk.start', channel: '@tvademo', ids: rows.map((r) => r.id), quoteId: 'q9', format: 'srt' },
    ]);
    expect(screen.getByText('0 done · 0 failed · 2 left')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('warns when the balance covers only part of the selection', async () => {
    const bg = fakeSend({ 'bulk.quote': () => okReply({ quoteId: 'q', selected: 3, uncached: 3, balance: 1 }) });
    render(<BulkBar channel="@tvademo" send={bg.send} selection={rows} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download transcripts' }));
    await screen.findByText(/the run stops when it runs out/);
  });

  it('offers nothing to buy with no selection', () => {
    render(<BulkBar channel="@tvademo" send={fakeSend({}).send} selection={[]} />);
    expect(screen.getByRole('button', { name: 'Download transcripts' }).hasAttribute('disabled')).toBe(true);
  });
});
