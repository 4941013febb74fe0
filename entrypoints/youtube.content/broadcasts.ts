import { browser } from 'wxt/browser';
import { BroadcastMessage } from '../../utils/wire';

/** Listens for pushes from this extension's background only; anything else is ignored. */
export function onBroadcast(listener: (message: BroadcastMessage) => void): () => void {
  const handler = (raw: unknown, sender: { id?: string }) => {
    if (sender.id !== browser.runtime.id) return;
    const parsed = BroadcastMessage.safeParse(raw);
    if (parsed.success) listener(parsed.data);
  };
  browser.runtime.onMessage.addListener(handler);
  return () => browser.runtime.onMessage.removeListener(handler);
}
