import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { accountStore } from '../../../entrypoints/background/core/account-store';
import { tokenItem } from '../../../utils/account/secrets';
import type { ConsentOpened, ConsentStatus } from '../../../utils/consent/replies';
import type { QuotedEstimate } from '../../../utils/panel/replies';
import type { Reply } from '../../../utils/protocol/envelope';
import type { WindowPurchase } from '../../../utils/protocol/window-purchase';
import { type RunningService, startService } from '../../service/index';
import { resetState } from '../../service/state';
import { keepTrack, startBackground, windowSender } from './harness';

/** The confirmation window in the background (fake browser), against the local service and its ledger. */
let service: RunningService;
const tab = (id: number) => ({ id: 'ext', tab: { id, active: true, url: 'https://www.youtube.com/watch' } });
const VIDEO = 'tvaLong4h01';

beforeAll(async () => {
  service = await startService({ port: 0, control: true, jobMs: 60_000 });
});
afterAll(() => service.close());
beforeEach(() => resetState(service.state));

async function background(token = 'demo-pro') {
  const bg = await startBackground({ serviceUrl: service.url, token, sender: tab(4) });
  const quote = async (
    over: { mode?: 'smart' | 'deep'; partial?: boolean; durationSeconds?: number; videoId?: string } = {},
  ) => {
    const m = { videoId: VIDEO, mode: 'smart' as const, partial: false, ...over };
    const reply = await bg.content<QuotedEstimate>({ type: 'analysis.estimate', ...m });
    if (!reply.ok) throw new Error(reply.error.message);
    return { kind: 'analysis', ...m, quoteId: reply.data.quoteId } satisfies WindowPurchase;
  };
  const open = async (purchase: WindowPurchase, from = tab(4)) => {
    const reply = await bg.content<ConsentOpened>({ type: 'consent.open', purchase }, from);
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.data;
  };
  const status = async (requestId: string) => {
    const reply = await bg.content<ConsentStatus>({ type: 'consent.status', requestId });
    return reply.ok ? reply.data.state : reply.error.code;
  };
  const page = (type: 'consent.pending' | 'consent.decide', requestId: string, sender: object, accept = true) =>
    bg.handlers.page(type === 'consent.pending' ? { type, requestId } : { type, requestId, accept }, sender);
  return { ...bg, quote, open, status, page };
}

const windows = async () => (await fakeBrowser.windows.getAll()).filter((w) => w.id !== 0);
const aiCharges = () => service.state.charges.filter((c) => c.kind === 'ai');

describe('the confirmation window', () => {
  it('one per tab and purchase: the same one comes to the front, another replaces it; Cancel and closing buy nothing', async () => {
    const bg = await background();
    const smart = await bg.quote();
    const first = await bg.open(smart);
    expect(first.focused).toBe(false);
    expect(await bg.open(smart)).toEqual({ requestId: first.requestId, focused: true });
    expect(await windows()).toHaveLength(1);

    const deep = await bg.open(await bg.quote({ mode: 'deep' }));
    const deepWindow = await windowSender();
    expect(deep.requestId).not.toBe(first.requestId);
    expect(await windows()).toHaveLength(1);
    expect(await bg.status(first.requestId)).toBe('cancelled');
    // Another tab has its own window.
    await bg.open(smart, tab(5));
    expect(await windows()).toHaveLength(2);

    await bg.page('consent.pending', deep.requestId, deepWindow);
    const cancelled = await bg.page('consent.decide', deep.requestId, deepWindow, false);
    expect(cancelled).toEqual({ ok: true, data: { message: 'Nothing was bought.' } });
    expect(await bg.status(deep.requestId)).toBe('cancelled');

    const again = await bg.open(await bg.quote());
    const closed = (await windowSender()).tab?.windowId ?? -1;
    await fakeBrowser.windows.remove(closed);
    await bg.consent.closed(closed);
    expect(await bg.status(again.requestId)).toBe('cancelled');
    expect(aiCharges()).toEqual([]);
  });

  it('only its own window sees it and spends it, once, for the account that asked', async () => {
    const bg = await background();
    const { requestId } = await bg.open(await bg.quote());
    const own = await windowSender();
    const other = { ...own, tab: { id: 901, windowId: 77 } };
    expect(await bg.page('consent.pending', requestId, other)).toMatchObject({ error: { code: 'forbidden_sender' } });
    expect(await bg.page('consent.decide', requestId, tab(4))).toMatchObject({ error: { code: 'forbidden_sender' } });
    const view = await bg.page('consent.pending', requestId, own);
    expect(view).toMatchObject({ ok: true, data: { price: 720, unit: 'AI Units', subject: { kind: 'analysis' } } });

    expect(await bg.page('consent.decide', requestId, own)).toMatchObject({ ok: true });
    expect(await bg.status(requestId)).toBe('done');
    expect(await bg.page('consent.decide', requestId, own)).toMatchObject({ error: { code: 'expired' } });
    expect(aiCharges().map((c) => c.amount)).toEqual([720]);

    // A window of the account before a token change spends nothing for the new one.
    const next = await bg.open(await bg.quote({ mode: 'deep' }));
    await bg.page('consent.pending', next.requestId, await windowSender());
    await tokenItem.setValue('demo-team');
    const switched = await bg.page('consent.decide', next.requestId, await windowSender());
    expect(switched).toMatchObject({ error: { code: 'expired' } });
    expect(aiCharges()).toHaveLength(1);
  });

  it('Spend refuses a price above the one the window showed', async () => {
    const bg = await background();
    await accountStore.update({ maxMinutes: 240 });
    const { requestId } = await bg.open(await bg.quote({ partial: true, durationSeconds: 4 * 3600 }));
    await accountStore.update({ maxMinutes: 60 });
    const shown = (await bg.page('consent.pending', requestId, await windowSender())) as Reply<{ price: number }>;
    expect(shown.ok && shown.data.price).toBe(180);
    await accountStore.update({ maxMinutes: 240 });
    const spent = await bg.page('consent.decide', requestId, await windowSender());
    expect(spent).toMatchObject({ ok: false, error: { code: 'consent_required' } });
    expect(spent.ok ? '' : spent.error.message).toBe('The cost is now 720 AI Units: check it again in the panel.');
    expect(await bg.status(requestId)).toBe('failed');
    expect(service.state.requests.filter((r) => r.path === '/api/watch')).toEqual([]);
  });

  it('Deep on a plan without it: Spend is off with the reason, and a mode the plan allows is priced again and bought', async () => {
    const bg = await background('demo-starter');
    await keepTrack(bg, 'tvaHuman001', 624);
    const { requestId } = await bg.open(await bg.quote({ mode: 'deep', durationSeconds: 624, videoId: 'tvaHuman001' }));
    const own = await windowSender();
    const view = await bg.page('consent.pending', requestId, own);
    expect(view).toMatchObject({ ok: true, data: { modes: ['quick', 'smart', 'auto'], price: 330 } });
    expect(view.ok && (view.data as { refusal: string }).refusal).toBe(
      'Deep analysis needs the Pro or Team plan, and your Starter plan does not include it, so Spend is off. Choose one of the modes your plan allows below: it is priced again before you can spend.',
    );
    expect(await bg.page('consent.decide', requestId, own)).toMatchObject({ error: { code: 'cannot_spend' } });

    const again = await bg.open(await bg.quote({ mode: 'deep', durationSeconds: 624, videoId: 'tvaHuman001' }));
    const window = await windowSender();
    await bg.page('consent.pending', again.requestId, window);
    // Only the window may choose, and only a mode: it is free.
    const elsewhere = { type: 'consent.mode', requestId: again.requestId, mode: 'smart' } as const;
    expect(await bg.handlers.page(elsewhere, tab(4))).toMatchObject({ error: { code: 'forbidden_sender' } });
    const smart = await bg.handlers.page(elsewhere, window);
    expect(smart).toMatchObject({
      ok: true,
      data: { refusal: null, price: 33, subject: { estimate: { mode: 'smart' } } },
    });
    expect(aiCharges()).toEqual([]);
    expect(await bg.page('consent.decide', again.requestId, window)).toMatchObject({ ok: true });
    expect(aiCharges().map((c) => c.amount)).toEqual([33]);
  });

  it('where the browser has no windows, big spends are refused with a sentence, not made in the page', async () => {
    const bg = await background();
    const purchase = await bg.quote();
    const create = fakeBrowser.windows.create;
    Reflect.set(fakeBrowser.windows, 'create', undefined);
    try {
      const reply = await bg.content({ type: 'consent.open', purchase });
      expect(reply).toMatchObject({ ok: false, error: { code: 'no_window' } });
      expect(reply.ok ? '' : reply.error.message).toMatch(/cannot open\. Nothing was bought\.$/);
    } finally {
      Reflect.set(fakeBrowser.windows, 'create', create);
    }
  });
});
