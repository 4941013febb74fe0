import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelLookup, ChannelsListed, ChannelsQuote } from '../../../utils/channel/replies';
import { upsertAccount } from '../../service/accounts';
import { type RunningService, startService } from '../../service/index';
import { startBackground } from './harness';

/** Several channels from the library page, against the local service: its ledger is what was spent. */
let service: RunningService;
const library = (id = 7) => ({ id: 'ext', url: 'chrome-extension://ext/library.html', tab: { id } });

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());
beforeEach(() => {
  service.state.charges.length = 0;
  service.state.requests.length = 0;
});

const channelCalls = () => service.state.requests.filter((r) => r.path === '/api/channels');
const UNKNOWN = Array.from({ length: 10 }, (_, i) => `@nosuch${i}`);

describe('background: several channels, in requests of the plan size', () => {
  it('12 channels on Starter: priced 12 in 2 requests, sent as 10 + 2, only the listed ones charged, then held', async () => {
    const bg = await startBackground({ serviceUrl: service.url, token: 'demo-starter', sender: library() });
    const channels = ['@tvademo', ...UNKNOWN, '@tvabig'];
    const quote = (await bg.handlers.page({ type: 'channels.quote', channels }, library())) as {
      ok: boolean;
      data: ChannelsQuote;
    };
    expect(quote.data).toMatchObject({
      status: 'quoted',
      cloudRequests: 12,
      requests: 2,
      perRequest: 10,
      planKnown: true,
    });
    expect(channelCalls()).toEqual([]);
    const quoteId = quote.data.status === 'quoted' ? quote.data.quoteId : '';

    // Another tab cannot spend that quote.
    const stolen = await bg.handlers.page({ type: 'channels.list', channels, quoteId }, library(8));
    expect(stolen).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    expect(channelCalls()).toEqual([]);

    const fresh = (await bg.handlers.page({ type: 'channels.quote', channels }, library())) as {
      data: ChannelsQuote;
    };
    const id = fresh.data.status === 'quoted' ? fresh.data.quoteId : '';
    const listed = (await bg.handlers.page({ type: 'channels.list', channels, quoteId: id }, library())) as {
      ok: boolean;
      data: ChannelsListed;
    };
    expect(listed.ok).toBe(true);
    expect(channelCalls().map((r) => r.status)).toEqual([200, 200]);
    expect(service.state.charges.map((c) => [c.kind, c.amount])).toEqual([
      ['cloud', 1],
      ['cloud', 1],
    ]);
    expect(listed.data.channels.map((c) => c.outcome)).toEqual(['listed', ...UNKNOWN.map(() => 'failed'), 'listed']);
    expect(listed.data.channels[1]?.message).toMatch(/channel/i);
    expect(listed.data.uploads).toHaveLength(500);
    expect(listed.data.leftOut).toBe(42);

    // Held as a single listing is: the channel's own page shows it for free.
    const page = await bg.content<ChannelLookup>({ type: 'channel.get', channel: '@tvabig' });
    expect(page.ok && page.data.status === 'quoted' && page.data.listing?.title).toBe('TVA Big Archive');
    const again = (await bg.handlers.page(
      { type: 'channels.quote', channels: ['@tvademo', '@tvabig'] },
      library(),
    )) as {
      data: ChannelsQuote;
    };
    expect(again.data).toMatchObject({ status: 'quoted', cloudRequests: 0, requests: 0 });
    expect(channelCalls()).toHaveLength(2);
  });
});

describe('background: one channel asked by a channel page and by "Channels to list" at once', () => {
  it('is listed and charged once; both views show it', async () => {
    const bg = await startBackground({ serviceUrl: service.url, token: 'demo-pro', sender: library() });
    const channelTab = { id: 'ext', url: 'https://www.youtube.com/@tvademo/videos', tab: { id: 3 } };
    // Another account than the test above's: nothing of these channels is held for it yet.
    // Each listing takes a while to answer, so the two purchases overlap.
    service.state.slow.push({ path: '/api/channels', delayMs: 400, processFirst: true });
    try {
      const page = await bg.content<ChannelLookup>({ type: 'channel.get', channel: '@tvademo' }, channelTab);
      const pageQuote = page.ok && page.data.status === 'quoted' ? page.data.quote.quoteId : '';
      const channels = ['@tvademo', '@tvabig'];
      const quote = (await bg.handlers.page({ type: 'channels.quote', channels }, library())) as {
        data: ChannelsQuote;
      };
      const libraryQuote = quote.data.status === 'quoted' ? quote.data.quoteId : '';

      const [single, several] = await Promise.all([
        bg.content<ChannelLookup>({ type: 'channel.list', channel: '@tvademo', quoteId: pageQuote }, channelTab),
        bg.handlers.page({ type: 'channels.list', channels, quoteId: libraryQuote }, library()) as Promise<{
          ok: boolean;
          data: ChannelsListed;
        }>,
      ]);

      // Two channels, two Cloud Requests: '@tvademo' went in one request only (without the shared hold, three).
      expect(channelCalls().length).toBeLessThanOrEqual(2);
      expect(service.state.charges.map((c) => [c.kind, c.amount])).toEqual([
        ['cloud', 1],
        ['cloud', 1],
      ]);
      expect(single.ok && single.data.status === 'quoted' && single.data.listing?.title).toBe('TVA Demo');
      expect(several.data.channels.map((c) => [c.channel, c.title !== null])).toEqual([
        ['@tvademo', true],
        ['@tvabig', true],
      ]);
    } finally {
      service.state.slow.length = 0;
    }
  });
});

describe('background: several channels while the plan is not known (a marketplace key: no MCP account)', () => {
  it('priced and sent one channel per request, and says the plan is not known yet', async () => {
    const bg = await startBackground({ serviceUrl: service.url, token: 'mkt-demo', sender: library() });
    const channels = ['@tvademo', '@tvabig'];
    const quote = (await bg.handlers.page({ type: 'channels.quote', channels }, library())) as {
      ok: boolean;
      data: ChannelsQuote;
    };
    expect(quote.data).toMatchObject({
      status: 'quoted',
      cloudRequests: 2,
      requests: 2,
      perRequest: 1,
      planKnown: false,
    });
    const quoteId = quote.data.status === 'quoted' ? quote.data.quoteId : '';
    const listed = (await bg.handlers.page({ type: 'channels.list', channels, quoteId }, library())) as {
      ok: boolean;
      data: ChannelsListed;
    };
    expect(listed.ok).toBe(true);
    expect(listed.data.channels.map((c) => c.outcome)).toEqual(['listed', 'listed']);
    expect(channelCalls().map((r) => r.status)).toEqual([200, 200]);
    expect(service.state.charges.map((c) => [c.kind, c.amount])).toEqual([
      ['cloud', 1],
      ['cloud', 1],
    ]);
  });
});

describe('background: one channel asked as @handle by its page and as UC… by "Channels to list" at once', () => {
  it('is listed and charged once, and both show it', async () => {
    // Another account than the tests above: nothing is held for it, so neither form is known to be the other yet.
    const bg = await startBackground({ serviceUrl: service.url, token: 'demo-team', sender: library() });
    const channelTab = { id: 'ext', url: 'https://www.youtube.com/@tvademo/videos', tab: { id: 3 } };
    const byId = 'UCtvademo000000000000000';
    service.state.slow.push({ path: '/api/channels', delayMs: 400, processFirst: true });
    try {
      const page = await bg.content<ChannelLookup>({ type: 'channel.get', channel: '@tvademo' }, channelTab);
      const pageQuote = page.ok && page.data.status === 'quoted' ? page.data.quote.quoteId : '';
      const quote = (await bg.handlers.page({ type: 'channels.quote', channels: [byId] }, library())) as {
        data: ChannelsQuote;
      };
      const libraryQuote = quote.data.status === 'quoted' ? quote.data.quoteId : '';
      const [single, several] = await Promise.all([
        bg.content<ChannelLookup>({ type: 'channel.list', channel: '@tvademo', quoteId: pageQuote }, channelTab),
        bg.handlers.page({ type: 'channels.list', channels: [byId], quoteId: libraryQuote }, library()) as Promise<{
          ok: boolean;
          data: ChannelsListed;
        }>,
      ]);
      expect(channelCalls()).toHaveLength(1);
      expect(service.state.charges.map((c) => [c.kind, c.amount])).toEqual([['cloud', 1]]);
      expect(single.ok && single.data.status === 'quoted' && single.data.listing?.title).toBe('TVA Demo');
      expect(several.data.channels).toEqual([{ channel: byId, title: 'TVA Demo', outcome: 'held', message: null }]);
      expect(several.data.uploads).toHaveLength(42);
    } finally {
      service.state.slow.length = 0;
    }
  });
});

describe('background: one channel pasted as @handle and as UC… in the same list', () => {
  it('is bought once (the handle first, which resolves it) and shown once, with a sentence', async () => {
    // An account of its own: nothing of these channels is held for it, so neither form is known to be the other.
    upsertAccount(service.state.accounts, { token: 'demo-pasted', plan: 'starter' });
    const bg = await startBackground({ serviceUrl: service.url, token: 'demo-pasted', sender: library() });
    const byId = 'UCtvademo000000000000000';
    const channels = [byId, '@tvabig', '@tvademo'];
    const quote = (await bg.handlers.page({ type: 'channels.quote', channels }, library())) as {
      data: ChannelsQuote;
    };
    // Priced at most: which handle is which id is only known once listed. The handles go first, the id after.
    expect(quote.data).toMatchObject({ status: 'quoted', cloudRequests: 3, requests: 2 });
    const quoteId = quote.data.status === 'quoted' ? quote.data.quoteId : '';
    const listed = (await bg.handlers.page({ type: 'channels.list', channels, quoteId }, library())) as {
      ok: boolean;
      data: ChannelsListed;
    };
    expect(listed.ok).toBe(true);
    // One request (the two handles): the id turned out to be @tvademo's, held, so never sent.
    expect(channelCalls().map((r) => r.status)).toEqual([200]);
    expect(service.state.charges.map((c) => [c.kind, c.amount])).toEqual([
      ['cloud', 1],
      ['cloud', 1],
    ]);
    expect(listed.data.channels).toEqual([
      {
        channel: byId,
        title: 'TVA Demo',
        outcome: 'listed',
        message: 'also pasted as @tvademo: the same channel, listed once',
      },
      { channel: '@tvabig', title: 'TVA Big Archive', outcome: 'listed', message: null },
    ]);
    // Its uploads once each: 42 + 500.
    expect(listed.data.uploads).toHaveLength(500);
    expect(listed.data.leftOut).toBe(42);
  });
});
