import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountStore } from '../../../entrypoints/background/core/account-store';
import type { TranscriptLookup } from '../../../utils/panel/replies';
import { type RunningService, startService } from '../../service/index';
import { resetState } from '../../service/state';
import { startBackground } from './harness';

// Each test buys videos of its own: saved transcripts outlive a test (the cache is IndexedDB, not the fake browser).

/**
 * Automatic loading never spends AI Units: where the account could be charged for audio transcription (a paid
 * plan, an AI top-up, a plan not known), it sends nothing and says why; Free without a top-up loads as before.
 */
let service: RunningService;
const tab = { id: 'ext', tab: { id: 4, active: true, url: 'https://www.youtube.com/watch' } };
const AUTO = { auto: true } as const;

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());
beforeEach(() => resetState(service.state));

const control = (path: string, body: unknown) =>
  fetch(`${service.url}/__control/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const transcriptRequests = () => service.state.requests.filter((r) => r.path.startsWith('/api/transcripts'));

async function autoLoad(token: string, videoId: string) {
  const bg = await startBackground({
    serviceUrl: service.url,
    token,
    sender: tab,
    settings: { autoLoadTranscripts: true, autoLoadFloor: 10 },
  });
  const load = async (id = videoId) => {
    const reply = await bg.content<TranscriptLookup>({ type: 'transcript.load', videoId: id, consent: AUTO });
    if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
    return reply.data;
  };
  return { bg, load };
}

const AUDIO_NOTE =
  /^Not loaded by itself: if this video has no captions, your plan may transcribe its audio for up to 3 AI Units per minute/;

describe('background: automatic loading and AI Units', () => {
  it('on Pro a captionless video is not sent: the reason, and the price with its AI Units, nothing charged', async () => {
    const { load } = await autoLoad('demo-pro', 'tvaNoCapti1');
    expect(await load()).toMatchObject({
      status: 'not_loaded',
      note: expect.stringMatching(AUDIO_NOTE),
      quote: { cloudRequests: 1, audio: { aiUnitsPerMinute: 3 } },
    });
    // Not even a captioned one: whether a video has captions is known only once it is bought.
    expect(await load('autoUnit003')).toMatchObject({ status: 'not_loaded', note: expect.stringMatching(AUDIO_NOTE) });
    expect(transcriptRequests()).toEqual([]);
    expect(service.state.charges).toEqual([]);
  });

  it('on Free without a top-up it loads as before: a captioned video for 1 Cloud Request, a captionless one free', async () => {
    const { load } = await autoLoad('demo-free', 'tvaHuman001');
    expect(await load()).toMatchObject({ status: 'ok', videoId: 'tvaHuman001' });
    expect(await load('tvaNoCapti1')).toMatchObject({ status: 'failed', code: 'no_transcript', charged: false });
    expect(service.state.charges.map((c) => [c.kind, c.amount, c.videoId])).toEqual([['cloud', 1, 'tvaHuman001']]);
  });

  it('on Free with an AI top-up the top-up could pay for audio: not sent', async () => {
    await control('accounts', { token: 'demo-free', aiTopUp: 500 });
    const { load } = await autoLoad('demo-free', 'tvaNoCapti1');
    expect(await load()).toMatchObject({ status: 'not_loaded', note: expect.stringMatching(AUDIO_NOTE) });
    expect(transcriptRequests()).toEqual([]);
    expect(service.state.charges).toEqual([]);
  });

  it('an upgrade since the plan was last learned is learned again before anything is sent', async () => {
    const { load } = await autoLoad('demo-free', 'autoUnit001');
    expect(await load()).toMatchObject({ status: 'ok' });
    // Two minutes later the person is on Pro; the balance seen then is still fresh enough for the floor.
    await control('accounts', { token: 'demo-free', plan: 'pro', aiUnits: 10_000 });
    const twoMinutesAgo = Date.now() - 2 * 60_000;
    await accountStore.update({ planCheckedAt: twoMinutesAgo, balancesAt: Date.now() });
    expect(await load('tvaNoCapti1')).toMatchObject({ status: 'not_loaded', note: expect.stringMatching(AUDIO_NOTE) });
    expect((await accountStore.get()).plan).toBe('pro');
    expect(service.state.charges.map((c) => c.videoId)).toEqual(['autoUnit001']);
  });

  it('a plan that cannot be learned now sends nothing, and says so', async () => {
    const { load } = await autoLoad('demo-free', 'autoUnit002');
    expect(await load()).toMatchObject({ status: 'ok' });
    await accountStore.update({ planCheckedAt: Date.now() - 2 * 60_000 });
    await control('faults', { path: '/mcp', tool: 'account', status: 503, times: 5 });
    expect(await load('tvaNoCapti1')).toMatchObject({
      status: 'not_loaded',
      note: 'Your plan could not be checked just now, so nothing loads by itself: on a paid plan a video without captions costs AI Units.',
    });
    expect(transcriptRequests().map((r) => r.path)).toHaveLength(1);
  });
});
