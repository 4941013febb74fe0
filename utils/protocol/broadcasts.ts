import { browser } from 'wxt/browser';
import { BroadcastMessage } from './wire';

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
