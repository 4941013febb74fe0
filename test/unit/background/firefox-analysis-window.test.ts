import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentOpened } from '../../../utils/consent/replies';
import type { JobReply, QuotedEstimate } from '../../../utils/panel/replies';
import type { SenderLike } from '../../../utils/protocol/receive';
import { type RunningService, startService } from '../../service/index';
import { resetState } from '../../service/state';
import { keepTrack, startBackground, windowSender } from './harness';

/**
 * Firefox has no IntersectionObserver v2 to tell that a click on the panel's frame was seen, so an analysis that
 * costs is started only from the extension's window there, even within the spending guard on a confirmed length.
 */
let service: RunningService;
const VIDEO = 'tvaHuman001';
// The panel's frame as Firefox names it: the extension's page, in the tab, with no address for the tab.
const frame: SenderLike = {
  id: 'ext',
  url: 'chrome-extension://ext/panel-frame.html#token',
  frameId: 7,
  tab: { id: 4, active: true },
};
const page: SenderLike = { id: 'ext', tab: { id: 4, active: true, url: `https://www.youtube.com/watch?v=${VIDEO}` } };

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());
beforeEach(() => {
  resetState(service.state);
  vi.stubEnv('BROWSER', 'firefox');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const aiCharges = () => service.state.charges.filter((c) => c.kind === 'ai').map((c) => [c.videoId, c.amount]);
const starts = () => service.state.requests.filter((r) => r.path === '/api/watch');

async function within(sender: SenderLike) {
  const bg = await startBackground({ serviceUrl: service.url, token: 'demo-pro', sender });
  await keepTrack(bg, VIDEO, 622);
  // The page's length, said by the page's own content script (the only sender that may).
  await bg.handlers.content({ type: 'video.length', videoId: VIDEO, durationSeconds: 624 }, page);
  const m = { videoId: VIDEO, mode: 'smart' as const, partial: false, durationSeconds: 624 };
  /** A price as the panel shows it, with its quote (a refused start has used its quote up). */
  const price = async () => {
    const reply = await bg.content<QuotedEstimate>({ type: 'analysis.estimate', ...m });
    if (!reply.ok) throw new Error(reply.error.message);
    return { estimate: reply.data, start: { ...m, quoteId: reply.data.quoteId } };
  };
  return { bg, price, ...(await price()) };
}

describe('background, Firefox: an analysis from the panel is bought in the window only', () => {
  it('within the guard on a confirmed length: the panel’s start is refused, the window’s Spend buys it once', async () => {
    const { bg, price, estimate, start } = await within(frame);
    expect(estimate).toMatchObject({ aiUnits: 33, exceedsGuard: false });
    expect(await bg.content<JobReply>({ type: 'analysis.start', ...start })).toMatchObject({
      ok: false,
      error: { code: 'consent_required' },
    });
    expect(starts()).toEqual([]);
    expect(aiCharges()).toEqual([]);

    // What the panel does in Firefox: it asks for the window with the price it shows.
    const shown = await price();
    const opened = await bg.content<ConsentOpened>({
      type: 'consent.open',
      purchase: { kind: 'analysis', ...shown.start },
    });
    const requestId = opened.ok ? opened.data.requestId : '';
    const window = await windowSender();
    expect(await bg.handlers.page({ type: 'consent.pending', requestId }, window)).toMatchObject({
      ok: true,
      data: { price: 33 },
    });
    expect(await bg.handlers.page({ type: 'consent.decide', requestId, accept: true }, window)).toMatchObject({
      ok: true,
    });
    expect(aiCharges()).toEqual([[VIDEO, 33]]);
  });

  it('Chromium keeps the panel’s start within the guard', async () => {
    vi.stubEnv('BROWSER', 'chrome');
    const { bg, start } = await within(frame);
    expect(await bg.content<JobReply>({ type: 'analysis.start', ...start })).toMatchObject({ ok: true });
    expect(aiCharges()).toEqual([[VIDEO, 33]]);
  });
});
