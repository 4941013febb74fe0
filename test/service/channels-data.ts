import { findVideo } from './catalog';

export type ChannelListing = { channelId: string; title: string; handle: string; uploads: number; prefix: string };

const channelId = (name: string): string => `UC${name.padEnd(22, '0')}`.slice(0, 24);

/** The catalog channels. Any other well-formed reference is not found; @tvabroken fails internally. */
export const CHANNELS: readonly ChannelListing[] = [
  { handle: 'tvademo', channelId: channelId('tvademo'), title: 'TVA Demo', uploads: 42, prefix: 'tvaDemo' },
  { handle: 'tvabig', channelId: channelId('tvabig'), title: 'TVA Big Archive', uploads: 750, prefix: 'tvaBig' },
  // Uploads that fail the way a big real batch does (./failure-mix.ts).
  { handle: 'tvamixed', channelId: channelId('tvamixed'), title: 'TVA Mixed Bag', uploads: 120, prefix: 'tvaMix' },
];
export const BROKEN_HANDLE = 'tvabroken';

/** The newest catalog videos head @tvademo so a listing leads straight to interesting situations. */
const DEMO_HEAD = ['tvaHuman001', 'tvaAutoGen1', 'tvaSpanish1', 'tvaNoCapti1', 'tvaFlaky001'];
const EPOCH = Date.UTC(2025, 5, 1);
const DAY = 86_400_000;

export type Upload = { id: string; title: string; author: string; publishedAt: string };

/** Uploads, newest first. Ids are 11 characters, so their transcripts are generated like any other video. */
export function uploads(channel: ChannelListing, limit: number): Upload[] {
  const head = channel.handle === 'tvademo' ? DEMO_HEAD : [];
  const count = Math.min(limit, channel.uploads);
  const list: Upload[] = [];
  for (let i = 0; i < count; i++) {
    const id = head[i] ?? `${channel.prefix}${String(channel.uploads - i).padStart(11 - channel.prefix.length, '0')}`;
    const video = findVideo(id);
    list.push({ id, title: video.title, author: channel.title, publishedAt: new Date(EPOCH - i * DAY).toISOString() });
  }
  return list;
}

const HANDLE = /^@([A-Za-z0-9._-]{3,30})$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

export type ChannelRef = { handle: string } | { channelId: string };

/** An @handle, a channel URL (/@handle, /channel/UC…, /c/name, /user/name) or a UC… id; null when malformed. */
export function parseChannelRef(raw: string): ChannelRef | null {
  const text = raw.trim();
  const handle = HANDLE.exec(text);
  if (handle?.[1]) return { handle: handle[1].toLowerCase() };
  if (CHANNEL_ID.test(text)) return { channelId: text };
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (!/(^|\.)youtube\.com$/i.test(url.hostname)) return null;
  const [first, second] = url.pathname.split('/').filter(Boolean);
  if (first?.startsWith('@')) return parseChannelRef(first);
  if (first === 'channel' && second && CHANNEL_ID.test(second)) return { channelId: second };
  if ((first === 'c' || first === 'user') && second && /^[A-Za-z0-9._-]{3,30}$/.test(second)) {
    return { handle: second.toLowerCase() };
  }
  return null;
}

export function findChannel(ref: ChannelRef): ChannelListing | undefined {
  return CHANNELS.find((c) => ('handle' in ref ? c.handle === ref.handle : c.channelId === ref.channelId));
}
