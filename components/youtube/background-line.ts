import { browser } from 'wxt/browser';
import { isRunId } from '../../utils/bulk/run-id';
import { t } from '../../utils/i18n/catalogue';
import type { BroadcastMessage, Listen } from '../../utils/protocol/broadcasts';
import { sendToBackground } from '../../utils/protocol/deliver';
import type { Reply, ReplyError } from '../../utils/protocol/envelope';
import type { Send } from '../../utils/protocol/send';
import { isVideoId } from '../../utils/video-id';

/**
 * The panel's line to the background, the one its hosts on YouTube (the page module, the channel and tabs
 * modules it hands it to) and the panel's frame all use: `send` and `listenBroadcasts`, as utils/protocol/send.ts and
 * broadcasts.ts are for the extension's pages, with the same checks written out instead of zod/mini, which
 * would be a sixth of what every YouTube page loads. The background validates every message it receives
 * (utils/protocol/receive.ts); these checks keep a malformed reply or push from reaching the views, and
 * test/unit/background-line.test.ts holds them to the schemas in utils/protocol/envelope.ts and broadcasts.ts.
 */

type Dict = Record<string, unknown>;
const isDict = (value: unknown): value is Dict => typeof value === 'object' && value !== null && !Array.isArray(value);
const onlyKeys = (value: Dict, keys: readonly string[]) => Object.keys(value).every((key) => keys.includes(key));

/** What the panel shows when the extension it belongs to was updated or restarted (in the page's language). */
export const disconnected = (): ReplyError => ({ code: 'disconnected', message: t('errors.line.disconnected') });

/** The reply envelope `{ ok: true, data }` or `{ ok: false, error }`, with no other keys kept; else null. */
export function readReply(raw: unknown): Reply<unknown> | null {
  if (!isDict(raw)) return null;
  if (raw.ok === true) return 'data' in raw ? { ok: true, data: raw.data } : null;
  if (raw.ok !== false || !isDict(raw.error)) return null;
  const { code, message, retryAfter, details } = raw.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (retryAfter !== undefined && !Number.isFinite(retryAfter)) return null;
  if (details !== undefined && !isDict(details)) return null;
  const error: ReplyError = { code, message };
  // An optional key given as undefined stays, as zod keeps it.
  if ('retryAfter' in raw.error) error.retryAfter = retryAfter as number | undefined;
  if ('details' in raw.error) error.details = details as Dict | undefined;
  return { ok: false, error };
}

const TABS: readonly string[] = ['transcript', 'analysis', 'ask'];

/** One of the background's pushes to the panel, exactly (no other keys); else null. */
export function readBroadcast(raw: unknown): BroadcastMessage | null {
  if (!isDict(raw)) return null;
  switch (raw.type) {
    case 'analysis.updated':
      return onlyKeys(raw, ['type', 'videoId']) && typeof raw.videoId === 'string' && isVideoId(raw.videoId)
        ? { type: raw.type, videoId: raw.videoId }
        : null;
    case 'panel.toggle':
      return onlyKeys(raw, ['type']) ? { type: raw.type } : null;
    case 'panel.openTab':
      return onlyKeys(raw, ['type', 'tab']) && typeof raw.tab === 'string' && TABS.includes(raw.tab)
        ? { type: raw.type, tab: raw.tab as 'transcript' | 'analysis' | 'ask' }
        : null;
    case 'bulk.ended':
      return onlyKeys(raw, ['type', 'runId']) && typeof raw.runId === 'string' && isRunId(raw.runId)
        ? { type: raw.type, runId: raw.runId }
        : null;
    default:
      return null;
  }
}

/**
 * Sends a message to the background and returns its reply (sent again while a stopping or starting worker missed
 * it: utils/protocol/deliver.ts). A dead or reloaded extension, or a reply of the wrong shape, becomes an error reply instead of an exception (the sentences are utils/protocol/send.ts's).
 */
export const send: Send = async (message) => {
  let raw: unknown;
  try {
    raw = await sendToBackground(message);
  } catch {
    return { ok: false, error: disconnected() };
  }
  const reply = readReply(raw);
  if (reply) return reply as never;
  return { ok: false, error: { code: 'bad_reply', message: t('errors.line.unexpected') } };
};

/** Pushes from this extension's background only; anything else, or anything malformed, is ignored. */
export const listenBroadcasts: Listen = (listener) => {
  const handler = (raw: unknown, sender: { id?: string }) => {
    if (sender.id !== browser.runtime.id) return;
    const message = readBroadcast(raw);
    if (message) listener(message);
  };
  browser.runtime.onMessage.addListener(handler);
  return () => browser.runtime.onMessage.removeListener(handler);
};
