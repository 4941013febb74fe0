import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { isRunId } from '../bulk/run-id';
import { isVideoId } from '../video-id';

/**
 * What the background pushes to open tabs (never a reply to anything). In zod/mini, like the envelope: the
 * panel ships in every YouTube tab.
 */
const VideoId = z.string().check(z.refine(isVideoId, 'not a video id'));
const RunId = z.string().check(z.refine(isRunId, 'not a run id'));

export const BroadcastMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('analysis.updated'), videoId: VideoId }),
  z.strictObject({ type: z.literal('panel.toggle') }),
  z.strictObject({ type: z.literal('panel.openTab'), tab: z.enum(['transcript', 'analysis', 'ask']) }),
  // A bulk run this tab follows has ended: its panel reads it at once instead of at its next poll.
  z.strictObject({ type: z.literal('bulk.ended'), runId: RunId }),
]);
export type BroadcastMessage = z.infer<typeof BroadcastMessage>;

export type Listen = (listener: (message: BroadcastMessage) => void) => () => void;

/** Pushes from this extension's background only; anything else, or anything that does not parse, is ignored. */
export const listenBroadcasts: Listen = (listener) => {
  const handler = (raw: unknown, sender: { id?: string }) => {
    if (sender.id !== browser.runtime.id) return;
    const parsed = BroadcastMessage.safeParse(raw);
    if (parsed.success) listener(parsed.data);
  };
  browser.runtime.onMessage.addListener(handler);
  return () => browser.runtime.onMessage.removeListener(handler);
};
