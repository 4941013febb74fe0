import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCoreAndTill, createServices } from '../../../entrypoints/background';
import { tokenItem } from '../../../utils/account/secrets';
import type { TranscriptLookup, TranscriptNotLoaded } from '../../../utils/panel/replies';
import type { PageReplies } from '../../../utils/protocol/replies';
import { DEFAULT_SETTINGS, settingsItem } from '../../../utils/settings';
import { reconcile } from '../../../utils/till/journal';
import { type RunningService, startService } from '../../service/index';

/**
 * The journal keeps the balances the service reported with each answer (against the local service over real
 * HTTP), so the spending history can reconcile them with the charges it expects.
 */
let service: RunningService;
const TAB = { id: 'ext', tab: { id: 4, active: true, url: 'https://www.youtube.com/watch' } };

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());

describe('background: the till journals the balances each answer reported', () => {
  it('before and after of each purchase, whose fall is what the journal expects', async () => {
    fakeBrowser.reset();
    fakeBrowser.permissions.contains = async () => true;
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl: service.url });
    await tokenItem.setValue('demo-starter');
    const core = createCoreAndTill();
    const { handlers } = createServices({ core });

    for (const videoId of ['tillBal0001', 'tillBal0002']) {
      const lookup = await handlers.content({ type: 'transcript.get', videoId }, TAB);
      const quoteId = ((lookup.ok ? lookup.data : null) as TranscriptNotLoaded | null)?.quote.quoteId ?? '';
      const bought = await handlers.content({ type: 'transcript.load', videoId, consent: { quoteId } }, TAB);
      expect(bought.ok && (bought.data as TranscriptLookup).status).toBe('ok');
    }

    const reply = await handlers.page({ type: 'spending.history' });
    const { entries } = (reply.ok ? reply.data : null) as PageReplies['spending.history'];
    // Newest first: Starter's 1,000 Cloud Requests, then 999, then 998 as the service reported them.
    expect(entries.map((e) => [e.before.cloudRequests, e.after?.cloudRequests])).toEqual([
      [999, 998],
      [1000, 999],
    ]);
    expect(service.state.accounts.get('demo-starter')?.cloudRequests).toBe(998);
    const r = reconcile(entries);
    expect([r.reported.cloudRequests, r.expected.cloudRequests, r.differs.cloudRequests]).toEqual([2, 2, false]);
  });
});
