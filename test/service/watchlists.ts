import type { Account } from './accounts';
import { CHANNELS, type Upload, uploads } from './channels-data';

export type Watchlist = { watchlistId: string; name: string; channels: string[] };

/** Two watchlists per paid account, following the catalog channels; Free accounts have none. */
export function watchlistsOf(account: Account): Watchlist[] {
  if (account.plan === 'free') return [];
  return [
    { watchlistId: 'wl-demo', name: 'TVA Demo uploads', channels: ['@tvademo'] },
    { watchlistId: 'wl-archive', name: 'Big archive', channels: ['@tvabig'] },
  ];
}

/** Every upload recorded for a watchlist, newest first. */
export function recorded(list: Watchlist): (Upload & { channel: string })[] {
  return list.channels
    .flatMap((handle) => {
      const channel = CHANNELS.find((c) => `@${c.handle}` === handle);
      return channel ? uploads(channel, channel.uploads).map((u) => ({ ...u, channel: handle })) : [];
    })
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}
