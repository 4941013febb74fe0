/**
 * A channel listing: `{ results: [...] }` (or a bare array) of `{ id, channelId, title, videoCount, truncated,
 * videos: [{ id, title, author }] }` and per-channel failures `{ id, error, message? }`. Counts may be numeric
 * strings, fields may be null or missing; unknown fields are kept. Returns null when no list is found.
 */

import { t } from '../../i18n/catalogue';
import { readBalances } from './balances';
import { words } from './lenient';
import { bool, type Dict, field, isRecord, list, nonNeg, str } from './values';

export type ChannelVideo = { [key: string]: unknown; id: string; title: string; author: string };
export type ChannelSuccess = {
  [key: string]: unknown;
  id: string;
  channelId: string;
  title: string;
  videoCount: number;
  truncated: boolean;
  videos: ChannelVideo[];
};
export type ChannelFailure = { [key: string]: unknown; id: string; error: string; message?: string };
export type ChannelResult = ChannelSuccess | ChannelFailure;
export type ChannelResponse = {
  [key: string]: unknown;
  results: ChannelResult[];
  cloudRequestsRemaining?: number;
  aiUnitsRemaining?: number;
};

function readVideo(raw: unknown): ChannelVideo | null {
  if (!isRecord(raw)) return null;
  const id = str(field(raw, words('id videoid')));
  if (!id) return null;
  return {
    ...raw,
    id,
    title: str(field(raw, words('title name'))) ?? id,
    author: str(field(raw, words('author channel channeltitle'))) ?? '',
  };
}

function readChannel(raw: unknown, fallbackId: string): ChannelResult {
  if (!isRecord(raw)) return { id: fallbackId, error: 'unreadable', message: t('background.item.unreadableEntry') };
  const id = str(field(raw, words('id handle input'))) ?? fallbackId;
  const error = field(raw, words('error errorcode code'));
  const code = str(isRecord(error) ? field(error, words('code error')) : error);
  if (code) {
    const message = str(field(isRecord(error) ? error : raw, words('message reason')));
    return { ...raw, id, error: code, ...(message && { message }) };
  }
  const videos = (list(field(raw, words('videos uploads items'))) ?? [])
    .map(readVideo)
    .filter((v): v is ChannelVideo => v !== null);
  return {
    ...raw,
    id,
    channelId: str(field(raw, words('channelid ucid'))) ?? id,
    title: str(field(raw, words('title name channeltitle'))) ?? id,
    videoCount: nonNeg(field(raw, words('videocount count total'))) ?? videos.length,
    truncated: bool(field(raw, words('truncated hasmore more'))) ?? false,
    videos,
  };
}

export function readChannels(body: unknown, ids: readonly string[]): ChannelResponse | null {
  const raw = Array.isArray(body) ? body : isRecord(body) ? list(field(body, words('results data channels'))) : null;
  if (!raw) return null;
  const balances = readBalances(body);
  const { results: _r, cloudRequestsRemaining: _c, aiUnitsRemaining: _a, ...extra }: Dict = isRecord(body) ? body : {};
  return {
    ...extra,
    results: raw.map((entry, i) => readChannel(entry, ids[i] ?? '')),
    ...(balances?.cloudRequests !== undefined && { cloudRequestsRemaining: balances.cloudRequests }),
    ...(balances?.aiUnits !== undefined && { aiUnitsRemaining: balances.aiUnits }),
  };
}
