import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCoreAndTill, createServices } from '../../../entrypoints/background';
import { tokenItem } from '../../../utils/account/secrets';
import type {
  JobReply,
  PanelOpen,
  QuotedEstimate,
  TranscriptLookup,
  TranscriptNotLoaded,
} from '../../../utils/panel/replies';
import type { Reply } from '../../../utils/protocol/envelope';
import { createRouter } from '../../../utils/protocol/receive';
import type { ContentMessage } from '../../../utils/protocol/requests';
import { DEFAULT_SETTINGS, settingsItem } from '../../../utils/settings';
import { type RunningService, startService } from '../../service/index';
import { jobOf, keepTrack, spendInWindow } from './harness';

/**
 * The background's spend handlers with WXT's fake browser, against the local service over real HTTP: what the
 * service's ledger says is what was spent.
 */
let service: RunningService;
const OPTIONS = { id: 'ext', url: 'chrome-extension://ext/options.html' };
const tab = (id: number, active = true) => ({ id: 'ext', tab: { id, active, url: 'https://www.youtube.com/watch' } });

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());

async function background(settings: Partial<typeof DEFAULT_SETTINGS> = {}) {
  fakeBrowser.reset();
  // The test build's host permission for the local service.
  fakeBrowser.permissions.contains = async () => true;
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, serviceUrl: service.url, ...settings });
  await tokenItem.setValue('demo-pro');
  const core = createCoreAndTill();
  const { handlers, content } = handlersOf(core);
  const route = createRouter(handlers, 'ext', 'chrome-extension://ext/');
  return { core, content, route, handlers };
}

/** The content-script side of a background built on `core` (a second core over the same storage: a new worker). */
function handlersOf(core: ReturnType<typeof createCoreAndTill>) {
  const { handlers } = createServices({ core });
  const content = async <T>(message: ContentMessage, sender = tab(4)) =>
    (await handlers.content(message, sender)) as Reply<T>;
  return { handlers, content };
}

const charges = () => service.state.charges.filter((c) => c.token === 'demo-pro');

describe('background: buying a transcript needs its quote', () => {
  beforeEach(() => {
    service.state.charges.length = 0;
    service.state.requests.length = 0;
  });

  it('a quote buys the language it priced, not another track', async () => {
    const bg = await background();
    const video = 'spendLang01';
    const lookup = await bg.content<TranscriptLookup>({ type: 'transcript.get', videoId: video, lang: 'en' });
    const quoteId = (lookup.ok ? (lookup.data as TranscriptNotLoaded) : null)?.quote.quoteId ?? '';
    const other = await bg.content({ type: 'transcript.load', videoId: video, lang: 'de', consent: { quoteId } });
    expect(other).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    expect(charges()).toEqual([]);
  });

  it("the panel's first answer is free: the context and the lookup in the settings' language, quoted for this tab", async () => {
    const bg = await background({ language: 'de' });
    const video = 'spendOpen01';
    const opened = await bg.content<PanelOpen>({ type: 'panel.open', videoId: video });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.data.lang).toBe('de');
    expect(opened.data.context).toMatchObject({ hasToken: true, language: 'de' });
    expect(opened.data.transcript.status).toBe('not_loaded');
    // The video's notes as notes.list answers them: the panel asks no second question for them.
    expect(opened.data.notes).toEqual(
      await bg.content({ type: 'notes.list', videoId: video }).then((r) => r.ok && r.data),
    );
    expect(charges()).toEqual([]);
    const quoteId = (opened.data.transcript as TranscriptNotLoaded).quote.quoteId;
    const elsewhere = await bg.content(
      { type: 'transcript.load', videoId: video, lang: 'de', consent: { quoteId } },
      tab(5),
    );
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    const otherLang = await bg.content({ type: 'transcript.load', videoId: video, lang: 'en', consent: { quoteId } });
    expect(otherLang).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    expect(charges()).toEqual([]);
  });

  it("the panel's first answer reads the settings once (every watch page waits for it)", async () => {
    const bg = await background({ language: 'de' });
    const reads = vi.spyOn(bg.core, 'connection');
    const opened = await bg.content<PanelOpen>({ type: 'panel.open', videoId: 'spendOpen02' });
    expect(opened.ok && opened.data.context.language).toBe('de');
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('a lookup is free and quotes; the quote buys once, from the tab it was shown in', async () => {
    const bg = await background();
    const video = 'spendUnit01';
    const lookup = await bg.content<TranscriptLookup>({ type: 'transcript.get', videoId: video });
    expect(lookup.ok && lookup.data.status).toBe('not_loaded');
    const quoteId = (lookup.ok ? (lookup.data as TranscriptNotLoaded) : null)?.quote.quoteId ?? '';
    expect(charges()).toEqual([]);

    const elsewhere = await bg.content({ type: 'transcript.load', videoId: video, consent: { quoteId } }, tab(5));
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    expect(charges()).toEqual([]);

    const fresh = await bg.content<TranscriptLookup>({ type: 'transcript.get', videoId: video });
    const quote = (fresh.ok ? (fresh.data as TranscriptNotLoaded) : null)?.quote.quoteId ?? '';
    const bought = await bg.content<TranscriptLookup>({
      type: 'transcript.load',
      videoId: video,
      consent: { quoteId: quote },
    });
    expect(bought.ok && bought.data.status).toBe('ok');
    expect(charges().map((c) => [c.kind, c.amount])).toEqual([['cloud', 1]]);

    // Saved now: the same quote again, or any other, buys nothing more.
    const again = await bg.content<TranscriptLookup>({
      type: 'transcript.load',
      videoId: video,
      consent: { quoteId: quote },
    });
    expect(again.ok && again.data.status).toBe('ok');
    expect(charges()).toHaveLength(1);
  });

  it('a made-up quote is refused and nothing is sent', async () => {
    const bg = await background();
    const reply = await bg.content({
      type: 'transcript.load',
      videoId: 'spendUnit02',
      consent: { quoteId: 'made-up' },
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    expect(service.state.requests.filter((r) => r.path === '/api/transcripts' && r.token === 'demo-pro')).toEqual([]);
  });

  it('a Load charged whose answer was lost: the video is priced again with a note that it may have been charged', async () => {
    const bg = await background();
    const video = 'spendUnit04';
    const quoteOf = (lookup: Reply<TranscriptLookup>) =>
      (lookup.ok ? (lookup.data as TranscriptNotLoaded) : null)?.quote.quoteId ?? '';
    const first = await bg.content<TranscriptLookup>({ type: 'transcript.get', videoId: video });
    await fetch(`${service.url}/__control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/api/transcripts', processFirst: true, body: 'malformed' }),
    });
    const lost = await bg.content({ type: 'transcript.load', videoId: video, consent: { quoteId: quoteOf(first) } });
    expect(lost).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/may have delivered and charged/) },
    });
    expect(charges()).toHaveLength(1);

    // The panel looks again (a reload, another tab, a new worker after a restart): said, with the price.
    for (const look of [bg, handlersOf(createCoreAndTill())]) {
      const again = await look.content<TranscriptLookup>({ type: 'transcript.get', videoId: video });
      expect(again.ok && again.data).toMatchObject({
        status: 'not_loaded',
        note: expect.stringMatching(/^An earlier request for this transcript may have been charged/),
        quote: { cloudRequests: 1 },
      });
    }
    expect(charges()).toHaveLength(1);
  });

  it('an automatic load needs the setting, the active tab and a balance above the floor', async () => {
    const off = await background();
    const refused = await off.content<TranscriptLookup>({
      type: 'transcript.load',
      videoId: 'spendUnit03',
      consent: { auto: true },
    });
    expect(refused.ok && refused.data).toMatchObject({ status: 'not_loaded', note: 'Automatic loading is off.' });

    const on = await background({ autoLoadTranscripts: true, autoLoadFloor: 10 });
    const hidden = await on.content<TranscriptLookup>(
      { type: 'transcript.load', videoId: 'spendUnit03', consent: { auto: true } },
      tab(6, false),
    );
    expect(hidden.ok && hidden.data).toMatchObject({ status: 'not_loaded' });
    expect(charges()).toEqual([]);
  });
});

describe('background: starting an analysis needs its quote and, above the guard, the window', () => {
  it('refuses a start above the guard from the page; the window starts it on its quote, charged once', async () => {
    service.state.charges.length = 0;
    const bg = await background({ spendingGuard: 10 });
    const video = 'tvaHuman001';
    const estimate = async () => {
      const reply = await bg.content<QuotedEstimate>({
        type: 'analysis.estimate',
        videoId: video,
        mode: 'smart',
        partial: false,
        durationSeconds: 624,
      });
      return reply.ok ? reply.data : null;
    };
    await keepTrack(bg, video, 624);
    const first = await estimate();
    expect(first).toMatchObject({ aiUnits: 33, exceedsGuard: true });
    const start = { videoId: video, mode: 'smart' as const, partial: false, durationSeconds: 624 };
    const inPage = await bg.content<JobReply>({ type: 'analysis.start', ...start, quoteId: first?.quoteId ?? '' });
    expect(inPage).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    expect(inPage.ok ? '' : inPage.error.message).toMatch(/confirmed in the Transcript Lens window/);
    // That attempt used the quote up: the window needs a fresh one.
    const used = await spendInWindow(
      bg.handlers,
      { kind: 'analysis', ...start, quoteId: first?.quoteId ?? '' },
      tab(4),
    );
    expect(used).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    expect(charges()).toEqual([]);

    const again = await estimate();
    const started = await spendInWindow(
      bg.handlers,
      { kind: 'analysis', ...start, quoteId: again?.quoteId ?? '' },
      tab(4),
    );
    // The fake browser has no tabs.sendMessage: telling tabs fails, and the charged start still succeeds.
    expect(started.ok && jobOf(started.data).status).toBe('queued');
    expect(charges().map((c) => [c.kind, c.amount])).toEqual([['ai', 33]]);
  });
});

describe('background: the token goes only where the person saved it', () => {
  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x', 'http://example.org'])(
    'settings.set refuses %s at the router',
    async (serviceUrl) => {
      const bg = await background();
      const reply = await bg.route({ type: 'settings.set', patch: { serviceUrl } }, OPTIONS);
      expect(reply).toMatchObject({ ok: false, error: { code: 'bad_message' } });
      expect((await settingsItem.getValue()).serviceUrl).toBe(service.url);
    },
  );

  it('refuses an https address whose host permission was not granted', async () => {
    const bg = await background();
    fakeBrowser.permissions.contains = async () => false;
    const reply = await bg.route({ type: 'settings.set', patch: { serviceUrl: 'https://elsewhere.example' } }, OPTIONS);
    expect(reply).toMatchObject({ ok: false, error: { code: 'not_permitted' } });
    expect((await settingsItem.getValue()).serviceUrl).toBe(service.url);
  });
});
