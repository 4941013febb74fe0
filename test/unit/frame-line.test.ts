// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { acceptFromPage } from '../../components/youtube/frame/page-line';
import { MAX_BATCH } from '../../utils/protocol/frame';
import { frameLine, LINE_OFFER, readLineOffer } from '../../utils/protocol/frame-line';

/** Resolves with the next message `port` hears (MessagePorts deliver in a later task). */
const next = (listen: (listener: (raw: unknown) => void) => void) => new Promise<unknown>((resolve) => listen(resolve));

/** A message as the frame's window receives it: from `source`, with `ports` transferred. */
function deliver(data: unknown, ports: MessagePort[], source: Window | null = window) {
  window.dispatchEvent(new MessageEvent('message', { data, ports, source }));
}

describe('Firefox’s line between the content script and the panel frame (a MessageChannel)', () => {
  it('carries messages both ways, and a disconnect reaches the other end as its onDisconnect', async () => {
    const channel = new MessageChannel();
    const page = frameLine(channel.port1);
    const frame = frameLine(channel.port2);
    const heard = next((l) => frame.onMessage.addListener(l));
    page.postMessage({ t: 'toggle' });
    expect(await heard).toEqual({ t: 'toggle' });

    const back = next((l) => page.onMessage.addListener(l));
    frame.postMessage({ t: 'height', px: 300 });
    expect(await back).toEqual({ t: 'height', px: 300 });

    const gone = new Promise<void>((resolve) => frame.onDisconnect.addListener(resolve));
    const later = vi.fn();
    frame.onMessage.addListener(later);
    page.disconnect();
    await gone;
    expect(later).not.toHaveBeenCalled();
    // A closed end refuses to send, as a disconnected runtime port does (frame-feeds.ts's post catches it).
    expect(() => page.postMessage({ t: 'toggle' })).toThrow();
  });

  it('an offer is exactly the token and one port: another token, more keys or no port is nothing', () => {
    const { port1 } = new MessageChannel();
    expect(readLineOffer({ t: LINE_OFFER, token: 'abc' }, [port1], 'abc')).toBe(port1);
    expect(readLineOffer({ t: LINE_OFFER, token: 'abd' }, [port1], 'abc')).toBeNull();
    expect(readLineOffer({ t: LINE_OFFER, token: 'abc', spend: true }, [port1], 'abc')).toBeNull();
    expect(readLineOffer({ t: LINE_OFFER, token: 'abc' }, [], 'abc')).toBeNull();
    expect(readLineOffer({ t: 'video', token: 'abc' }, [port1], 'abc')).toBeNull();
    expect(readLineOffer('tl-panel-line', [port1], 'abc')).toBeNull();
  });

  it('the frame takes the first offer with its token from the top window, and nothing posted before or after', async () => {
    const line = acceptFromPage('tok');
    const heard: unknown[] = [];
    line.listen((raw) => heard.push(raw), vi.fn());

    // A page script's posts: without the token, with another, or from elsewhere; none becomes the line.
    const forged = new MessageChannel();
    deliver({ t: 'video', videoId: 'tvaHuman001' }, []);
    deliver({ t: LINE_OFFER, token: 'other' }, [forged.port2]);
    deliver({ t: LINE_OFFER, token: 'tok' }, [forged.port2], null);
    const forgedHeard = vi.fn();
    forged.port1.onmessage = forgedHeard;

    const real = new MessageChannel();
    deliver({ t: LINE_OFFER, token: 'tok' }, [real.port2]);
    const fromFrame = next((l) => {
      real.port1.onmessage = (event) => l(event.data);
    });
    line.post({ t: 'height', px: 10 });
    expect(await fromFrame).toEqual({ t: 'height', px: 10 });

    // A second offer with the token (a page that learned it later) is not heard.
    const late = new MessageChannel();
    deliver({ t: LINE_OFFER, token: 'tok' }, [late.port2]);
    const lateHeard = vi.fn();
    late.port1.onmessage = lateHeard;
    line.post({ t: 'height', px: 20 });
    expect(
      await next((l) => {
        real.port1.onmessage = (event) => l(event.data);
      }),
    ).toEqual({ t: 'height', px: 20 });

    const toFrame = new Promise<void>((resolve) => {
      const check = () => (heard.length > 0 ? resolve() : setTimeout(check, 5));
      check();
    });
    real.port1.postMessage({ t: 'toggle' });
    await toFrame;
    expect(heard).toEqual([{ t: 'toggle' }]);
    expect(forgedHeard).not.toHaveBeenCalled();
    expect(lateHeard).not.toHaveBeenCalled();
  });

  it('the words the content script sends first are the frame’s, not the panel’s; a line that ends first has none', async () => {
    const line = acceptFromPage('tok');
    const real = new MessageChannel();
    deliver({ t: LINE_OFFER, token: 'tok' }, [real.port2]);
    const words = { t: 'words', locale: 'es', entries: { 'panel.product': 'Transcript Lens', odd: 4 } };
    real.port1.postMessage(words);
    real.port1.postMessage({ t: 'toggle' });
    expect(await line.words).toEqual({ t: 'words', locale: 'es', entries: { 'panel.product': 'Transcript Lens' } });
    const heard = await next((l) => line.listen(l, vi.fn()));
    expect(heard).toEqual({ t: 'toggle' });

    const ended = acceptFromPage('tik');
    const channel = new MessageChannel();
    deliver({ t: LINE_OFFER, token: 'tik' }, [channel.port2]);
    frameLine(channel.port1).disconnect();
    expect(await ended.words).toBeNull();
  });

  it('one post of several messages (what the content script posted in one task) is heard as each, words first', async () => {
    const line = acceptFromPage('tok');
    const real = new MessageChannel();
    deliver({ t: LINE_OFFER, token: 'tok' }, [real.port2]);
    const words = { t: 'words', locale: 'en', entries: { 'panel.product': 'Transcript Lens' } };
    real.port1.postMessage([words, { t: 'toggle' }, { t: 'theme', theme: 'dark' }]);
    // Past the bound (MAX_BATCH), a post is nothing; the next one is heard.
    real.port1.postMessage(Array.from({ length: MAX_BATCH + 1 }, () => ({ t: 'refresh' })));
    real.port1.postMessage({ t: 'input' });
    expect(await line.words).toEqual(words);
    const heard: unknown[] = [];
    const all = new Promise<void>((resolve) =>
      line.listen((raw) => {
        heard.push(raw);
        if (heard.length === 3) resolve();
      }, vi.fn()),
    );
    await all;
    expect(heard).toEqual([{ t: 'toggle' }, { t: 'theme', theme: 'dark' }, { t: 'input' }]);
  });
});
