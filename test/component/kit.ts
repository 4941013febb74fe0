import { vi } from 'vitest';
import type { PlayerBridge } from '../../components/player';
import type { Segment } from '../../utils/api/schemas';
import type { TranscriptOk } from '../../utils/panel/replies';
import type { Reply } from '../../utils/protocol/envelope';
import type { ContentReplies, PageReplies } from '../../utils/protocol/replies';
import type {
  ContentMessage,
  ContentOf,
  ContentType,
  PageMessage,
  PageOf,
  PageType,
} from '../../utils/protocol/requests';
import type { PageSend, Send } from '../../utils/protocol/send';

/**
 * The component tests' fake background: answers each message type with the reply its type promises
 * (utils/protocol/replies.ts), records what was sent, and answers anything else with an 'unhandled' error.
 */
type Answer<M, R> = (message: M) => Reply<R> | Promise<Reply<R>>;
export type ContentFakes = { [K in ContentType]?: Answer<ContentOf<K>, ContentReplies[K]> };
export type PageFakes = { [K in PageType]?: Answer<PageOf<K>, PageReplies[K]> };

const unhandled = (type: string): Reply<never> => ({
  ok: false,
  error: { code: 'unhandled', message: `no fake for ${type}` },
});

export function fakeSend(handlers: ContentFakes) {
  const fn = vi.fn(async (message: ContentMessage): Promise<Reply<unknown>> => {
    const answer = handlers[message.type] as Answer<ContentMessage, unknown> | undefined;
    return answer ? answer(message) : unhandled(message.type);
  });
  const send: Send = async <M extends ContentMessage>(message: M) =>
    (await fn(message)) as Reply<ContentReplies[M['type']]>;
  const calls = () => fn.mock.calls.map(([m]) => m);
  const of = <K extends ContentType>(type: K) => calls().filter((m): m is ContentOf<K> => m.type === type);
  return { send, fn, calls, of };
}

export function fakePageSend(handlers: PageFakes) {
  const fn = vi.fn(async (message: PageMessage): Promise<Reply<unknown>> => {
    const answer = handlers[message.type] as Answer<PageMessage, unknown> | undefined;
    return answer ? answer(message) : unhandled(message.type);
  });
  const send: PageSend = async <M extends PageMessage>(message: M) =>
    (await fn(message)) as Reply<PageReplies[M['type']]>;
  const calls = () => fn.mock.calls.map(([m]) => m);
  const of = <K extends PageType>(type: K) => calls().filter((m): m is PageOf<K> => m.type === type);
  return { send, fn, calls, of };
}

/**
 * Finds the element whose whole text is `text` (data inside a sentence is in its own element, for its writing
 * direction: components/channel/Phrase.tsx), the innermost one.
 */
export const wholeText =
  (text: string | RegExp) =>
  (_: string, element: Element | null): boolean => {
    const matches = (el: Element) =>
      typeof text === 'string' ? el.textContent === text : text.test(el.textContent ?? '');
    return element !== null && matches(element) && ![...element.children].some(matches);
  };

export const okReply = <T>(data: T): Reply<T> => ({ ok: true, data });
export const errReply = (code: string, message: string): Reply<never> => ({ ok: false, error: { code, message } });

/** A player at 0 s whose length is not known yet; `seek` records where the view sent it. */
export const stillPlayer = (seek: PlayerBridge['seek'] = vi.fn()): PlayerBridge => ({
  duration: () => Number.NaN,
  currentTime: () => 0,
  seek,
  onTime: () => () => {},
});

/** Cues of these texts, five seconds each, one after another. */
export const cuesOf = (texts: readonly string[]): Segment[] =>
  texts.map((text, i) => ({ text, start: i * 5, duration: 5 }));

/** A saved English transcript (unless `extra` says another language) of `videoId` with these cues, as `transcript.get` answers it. */
export function savedTranscript(
  videoId: string,
  segments: Segment[],
  extra: Partial<Pick<TranscriptOk, 'title' | 'author' | 'fromCache' | 'language' | 'languageCode'>> = {},
): TranscriptOk {
  return {
    status: 'ok',
    videoId,
    requestedLang: 'en',
    fellBack: false,
    fromCache: true,
    fetchedAt: 0,
    title: null,
    author: null,
    language: 'English',
    languageCode: 'en',
    isGenerated: false,
    text: segments.map((s) => s.text).join(' '),
    segments,
    ...extra,
  };
}
