import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { createCore } from '../../../entrypoints/background/core/core';
import { accountKey } from '../../../utils/account/key';
import { tokenItem } from '../../../utils/account/secrets';
import { fetchAccount } from '../../../utils/api/mcp';
import type { LoggedRequest } from '../../../utils/scheduler';
import { DEFAULT_SETTINGS, settingsItem } from '../../../utils/settings';
import { type RunningService, startService } from '../../service/index';

/**
 * The background's core against the local service: every HTTP request it sends is counted in its scheduler's
 * limits (as the service receives them) and logged in storage.session, so a worker started after it shares them.
 */
let service: RunningService;
const TOKEN = 'demo-starter';
const rateLog = storage.defineItem<Record<string, LoggedRequest[]>>('session:rateLog', { fallback: {} });
const logged = async () => (await rateLog.getValue())[await accountKey(TOKEN)] ?? [];
const arrivals = (path: string) => service.state.arrivals.filter((a) => a.path === path);

beforeAll(async () => {
  service = await startService({ port: 0, control: true });
});
afterAll(() => service.close());
beforeEach(async () => {
  await fetch(`${service.url}/__control/reset`, { method: 'POST', body: '{}' });
  fakeBrowser.reset();
  fakeBrowser.permissions.contains = async () => true;
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl: service.url });
  await tokenItem.setValue(TOKEN);
});

describe('the requests the core sends are the requests it counts', () => {
  it('an MCP tool call: each HTTP request the service received (initialize, notification, stream, call)', async () => {
    const core = createCore();
    const info = await core.mcp((options) => fetchAccount(options));
    expect(info.plan).toBe('starter');
    const received = arrivals('/mcp');
    expect(received).toHaveLength(4);
    const counted = await logged();
    expect(counted).toHaveLength(received.length);
    expect(counted.every((r) => r.lane === 'mcp' && r.at !== null)).toBe(true);
  });

  it('a REST call: one request, logged with its lane at its answer', async () => {
    const core = createCore();
    const before = Date.now();
    await core.rest('poll', 'background', (client) => client.getJob(1).catch(() => null));
    await core.rest('rest', 'interactive', (client) => client.channels(['@tvademo']));
    expect(arrivals('/api/channels')).toHaveLength(1);
    const counted = await logged();
    expect(counted.map((r) => r.lane)).toEqual(['poll', 'rest']);
    for (const r of counted) expect(r.at).toBeGreaterThanOrEqual(before);
  });
});

describe('a worker started later shares the limits', () => {
  it('five REST requests a stopped worker logged fill the burst: the next waits for them', async () => {
    const now = Date.now();
    // Four answered just now, one sent and never answered (the worker was stopped while it was on its way).
    const stopped: LoggedRequest[] = [
      ...Array.from({ length: 4 }, () => ({ lane: 'rest' as const, at: now - 100 })),
      { lane: 'rest', at: null },
    ];
    await rateLog.setValue({ [await accountKey(TOKEN)]: stopped });
    const core = createCore();
    const controller = new AbortController();
    const waiting = core.rest('rest', 'interactive', (c) => c.channels(['@tvademo']), controller.signal);
    const outcome = waiting.then(
      () => 'sent',
      () => 'withdrawn',
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(arrivals('/api/channels')).toHaveLength(0);
    controller.abort(new Error('not waiting 10 s in a unit test'));
    expect(await outcome).toBe('withdrawn');
    // Other limits are not full: an MCP call goes at once.
    await core.mcp((options) => fetchAccount(options));
    expect(arrivals('/mcp').length).toBeGreaterThan(0);
  });
});
