import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConsentOpened } from '../../../utils/consent/replies';
import type { JobReply, QuotedEstimate } from '../../../utils/panel/replies';
import type { SenderLike } from '../../../utils/protocol/receive';
import { type RunningService, startService } from '../../service/index';
import { resetState } from '../../service/state';
import { keepTrack, startBackground, windowSender } from './harness';

/**
 * A page can make its `<video>` report any length. Priced from it alone, 3:20 for a three-hour video would be
 * 12 AI Units within the guard, one click in the panel, and a charge of 540. Here, against the local service's
 * three-hour video (tvaLong3h01), the page's length is shown and never spent by.
 */
let service: RunningService;
const LONG = 'tvaLong3h01';
const SHORT = 'tvaHuman001';
const showing = (videoId: string, id = 4): SenderLike => ({
  id: 'ext',
  tab: { id, active: true, url: `https://www.youtube.com/watch?v=${videoId}` },
});

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());
beforeEach(() => resetState(service.state));

const aiCharges = () => service.state.charges.filter((c) => c.kind === 'ai').map((c) => [c.videoId, c.amount]);
const starts = () => service.state.requests.filter((r) => r.path === '/api/watch');

async function background(videoId: string) {
  const bg = await startBackground({ serviceUrl: service.url, token: 'demo-pro', sender: showing(videoId) });
  const estimate = async (durationSeconds: number) => {
    const m = { videoId, mode: 'smart' as const, partial: false, durationSeconds };
    const reply = await bg.content<QuotedEstimate>({ type: 'analysis.estimate', ...m });
    if (!reply.ok) throw new Error(reply.error.message);
    return { estimate: reply.data, start: { ...m, quoteId: reply.data.quoteId } };
  };
  return { ...bg, estimate };
}

describe('background: the length of an analysis', () => {
  it('a page reporting 200 s for a three-hour video: shown as an estimate, priced at the worst case, spent only in the window', async () => {
    const bg = await background(LONG);
    const { estimate, start } = await bg.estimate(200);
    expect(estimate).toMatchObject({ aiUnits: null, pageAiUnits: 12, worstCase: 720, exceedsGuard: true });

    const inPage = await bg.content<JobReply>({ type: 'analysis.start', ...start });
    expect(inPage).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    expect(starts()).toEqual([]);

    // The window shows the worst case, and Spend there is the only way the service is asked.
    const again = await bg.estimate(200);
    const opened = await bg.content<ConsentOpened>({
      type: 'consent.open',
      purchase: { kind: 'analysis', ...again.start },
    });
    const requestId = opened.ok ? opened.data.requestId : '';
    const window = await windowSender();
    const view = await bg.handlers.page({ type: 'consent.pending', requestId }, window);
    expect(view).toMatchObject({ ok: true, data: { price: 720, subject: { estimate: { pageAiUnits: 12 } } } });
    expect(starts()).toEqual([]);
    expect(await bg.handlers.page({ type: 'consent.decide', requestId, accept: true }, window)).toMatchObject({
      ok: true,
    });
    expect(aiCharges()).toEqual([[LONG, 540]]);
  });

  it('a delivered track that ends where the page says vouches for it: one click within the guard', async () => {
    const bg = await background(SHORT);
    await keepTrack(bg, SHORT, 622);
    const { estimate, start } = await bg.estimate(624);
    expect(estimate).toMatchObject({ aiUnits: 33, exceedsGuard: false });
    expect(estimate.pageAiUnits).toBeUndefined();
    expect(await bg.content<JobReply>({ type: 'analysis.start', ...start })).toMatchObject({ ok: true });
    expect(aiCharges()).toEqual([[SHORT, 33]]);
  });

  it('a track that stops well before the page’s length, or runs past it, vouches for nothing', async () => {
    const bg = await background(LONG);
    await keepTrack(bg, LONG, 12);
    expect((await bg.estimate(200)).estimate).toMatchObject({ aiUnits: null, pageAiUnits: 12, worstCase: 720 });
    await keepTrack(bg, LONG, 900);
    expect((await bg.estimate(200)).estimate).toMatchObject({ aiUnits: null, pageAiUnits: 45, worstCase: 720 });
    expect(starts()).toEqual([]);
  });

  it('video.length is kept only from the tab showing that video, so another tab cannot make the menu spend', async () => {
    const bg = await background(LONG);
    // A saved track that stops at 3:20: a length of 3:20 said for this video would look confirmed.
    await keepTrack(bg, LONG, 200);
    const lie = { type: 'video.length', videoId: LONG, durationSeconds: 200 } as const;
    expect(await bg.content(lie, showing(SHORT, 9))).toEqual({ ok: true, data: { noted: false } });
    expect(await bg.content(lie, { id: 'ext', tab: { id: 9, url: 'https://www.youtube.com/' } })).toEqual({
      ok: true,
      data: { noted: false },
    });
    const fromMenu = await bg.menu.onClick({ menuItemId: 'tl-analyze-link', linkUrl: `https://youtu.be/${LONG}` });
    expect(fromMenu).toMatchObject({ started: false, requestId: expect.any(String) });
    expect(starts()).toEqual([]);

    // The tab showing a video may say its length: with a delivered track ending there, the menu starts at once.
    await keepTrack(bg, SHORT, 624);
    const honest = { type: 'video.length', videoId: SHORT, durationSeconds: 624 } as const;
    expect(await bg.content(honest, showing(SHORT, 9))).toEqual({ ok: true, data: { noted: true } });
    const started = await bg.menu.onClick({ menuItemId: 'tl-analyze-link', linkUrl: `https://youtu.be/${SHORT}` });
    expect(started).toEqual({ started: true });
    expect(aiCharges()).toEqual([[SHORT, 33]]);
  });
});
