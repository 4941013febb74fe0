import { vi } from 'vitest';
import type { PageSend } from '../../components/page/types';
import type { PageMessage, Reply } from '../../utils/messages';

type Msg<K extends PageMessage['type']> = Extract<PageMessage, { type: K }>;
export type PageHandlers = { [K in PageMessage['type']]?: (m: Msg<K>) => Reply<unknown> | Promise<Reply<unknown>> };

/** A fake background for page views: routes by message type and records what was sent. */
export function fakePageSend(handlers: PageHandlers) {
  const calls: PageMessage[] = [];
  const send = vi.fn(async (m: PageMessage) => {
    calls.push(m);
    const handler = handlers[m.type] as ((m: PageMessage) => Reply<unknown>) | undefined;
    return handler ? handler(m) : { ok: false, error: { code: 'unhandled', message: `no fake for ${m.type}` } };
  });
  const of = <K extends PageMessage['type']>(type: K) => calls.filter((c): c is Msg<K> => c.type === type);
  return { send: send as unknown as PageSend, of, calls };
}

export const okReply = <T>(data: T): Reply<T> => ({ ok: true, data });
export const errReply = (code: string, message: string): Reply<never> => ({ ok: false, error: { code, message } });
