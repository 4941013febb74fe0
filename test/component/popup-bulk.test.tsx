// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { BulkStatus } from '../../utils/channel/replies';
import { okReply } from './kit';
import { setup } from './popup.setup';

afterEach(cleanup);

const run = (over: Partial<BulkStatus> = {}): BulkStatus => ({
  runId: '00000000-0000-4000-8000-000000000001',
  channel: '@tvabig',
  title: 'TVA Big Archive',
  unknown: [],
  state: 'running',
  total: 500,
  done: 250,
  failed: [{ id: 'x', message: 'No captions.' }],
  left: 249,
  message: null,
  etaSeconds: 11,
  inFlight: 0,
  format: 'srt',
  startedAt: 0,
  ...over,
});

describe('popup transcript downloads', () => {
  it('shows a running run’s progress and time left, and cancels it', async () => {
    let current = run();
    const { of } = setup({
      'bulkRuns.list': () => okReply([current]),
      'bulkRuns.cancel': () => {
        current = run({ state: 'cancelled', etaSeconds: null });
        return okReply(current);
      },
    });
    expect(await screen.findByRole('heading', { name: 'Transcript downloads' })).toBeTruthy();
    expect(screen.getByText('TVA Big Archive')).toBeTruthy();
    expect(screen.getByText('250 done · 1 failed · 249 left · about 11 seconds to go')).toBeTruthy();
    const bar = screen.getByLabelText('Bulk transcripts: TVA Big Archive');
    expect([bar.tagName, bar.getAttribute('max'), bar.getAttribute('value')]).toEqual(['PROGRESS', '500', '251']);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the download of TVA Big Archive' }));
    await screen.findByText('250 done · 1 failed · 249 left · cancelled; what was delivered is kept');
    expect(of('bulkRuns.cancel')).toEqual([{ type: 'bulkRuns.cancel', runId: current.runId }]);
    expect(screen.queryByRole('button', { name: /Cancel the download/ })).toBeNull();
  });

  it('counts the videos that may have been charged apart from done, failed and left', async () => {
    const unknown = [{ id: 'u1', message: 'May have been charged.' }];
    setup({ 'bulkRuns.list': () => okReply([run({ state: 'finished', left: 0, etaSeconds: null, unknown })]) });
    await screen.findByText('250 done · 1 failed · 1 may have been charged · 0 left · finished');
    expect(screen.getByLabelText('Bulk transcripts: TVA Big Archive').getAttribute('value')).toBe('252');
  });

  it('reads the runs again while one runs, and says nothing when there are none', async () => {
    let reads = 0;
    setup({
      'bulkRuns.list': () => {
        reads++;
        return okReply(reads < 2 ? [run()] : [run({ done: 499, left: 0, state: 'finished', etaSeconds: null })]);
      },
    });
    await screen.findByText(/about 11 seconds to go/);
    await screen.findByText('499 done · 1 failed · 0 left · finished', undefined, { timeout: 3_000 });
    cleanup();
    setup({ 'bulkRuns.list': () => okReply([]) });
    await screen.findByRole('heading', { name: 'Pro plan' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Transcript downloads' })).toBeNull());
  });
});
