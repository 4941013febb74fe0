import { z } from 'zod';
import { extractVideoId, isVideoId, watchUrl } from '../../utils/video-id';

/**
 * The MCP watchlist tools' outputs are "not shown" by the spec: accept the common shapes (a bare array, or an
 * object holding one under a usual key; ids and names under usual field names) and keep the rest visible.
 */

export type Watchlist = {
  id: string;
  name: string;
  recorded: number | null;
  channels: string[];
  lastAt: string | null;
};
export type Upload = { videoId: string | null; title: string; channel: string | null; publishedAt: string | null };
export type Parsed<T> = { kind: 'list'; items: T[] } | { kind: 'other'; text: string };

const Text = z.union([z.string(), z.number()]).transform(String);
const Count = z.number().int().nonnegative();

const WatchlistEntry = z.looseObject({
  watchlistId: Text.optional(),
  id: Text.optional(),
  name: z.string().optional(),
  title: z.string().optional(),
  recordedUploads: Count.optional(),
  recorded: Count.optional(),
  uploadCount: Count.optional(),
  videoCount: Count.optional(),
  count: Count.optional(),
  channels: z.array(z.unknown()).optional(),
  lastRecordedAt: z.string().nullable().optional(),
});

const UploadEntry = z.looseObject({
  videoId: z.string().optional(),
  id: z.string().optional(),
  url: z.string().optional(),
  title: z.string().nullable().optional(),
  channel: z.string().nullable().optional(),
  author: z.string().nullable().optional(),
  publishedAt: z.string().nullable().optional(),
  published: z.string().nullable().optional(),
});

const LIST_KEYS = ['watchlists', 'uploads', 'videos', 'items', 'activity', 'results'];

function findArray(raw: unknown): unknown[] | null {
  if (Array.isArray(raw)) return raw;
  if (raw && typeof raw === 'object') {
    for (const key of LIST_KEYS) {
      const value = (raw as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value;
    }
  }
  return null;
}

/** Something we could not classify, shown as text rather than dropped. */
function asText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  try {
    return JSON.stringify(raw, null, 2) ?? String(raw);
  } catch {
    return String(raw);
  }
}

function parseList<T>(raw: unknown, entry: (value: unknown) => T | null): Parsed<T> {
  const array = findArray(raw);
  if (!array) return { kind: 'other', text: asText(raw) };
  return { kind: 'list', items: array.flatMap((value) => entry(value) ?? []) };
}

export function parseWatchlists(raw: unknown): Parsed<Watchlist> {
  return parseList(raw, (value) => {
    const parsed = WatchlistEntry.safeParse(value);
    if (!parsed.success) return null;
    const w = parsed.data;
    const id = w.watchlistId ?? w.id;
    if (!id) return null;
    return {
      id,
      name: w.name ?? w.title ?? id,
      recorded: w.recordedUploads ?? w.recorded ?? w.uploadCount ?? w.videoCount ?? w.count ?? null,
      channels: (w.channels ?? []).filter((c): c is string => typeof c === 'string'),
      lastAt: w.lastRecordedAt ?? null,
    };
  });
}

export function parseUploads(raw: unknown): Parsed<Upload> {
  return parseList(raw, (value) => {
    const parsed = UploadEntry.safeParse(value);
    if (!parsed.success) return null;
    const u = parsed.data;
    const direct = [u.videoId, u.id].find((id) => id !== undefined && isVideoId(id));
    const videoId = direct ?? (u.url ? extractVideoId(u.url) : null);
    const title = u.title ?? videoId ?? u.url;
    if (!title) return null;
    return {
      videoId,
      title,
      channel: u.channel ?? u.author ?? null,
      publishedAt: u.publishedAt ?? u.published ?? null,
    };
  });
}

/** Only YouTube watch pages are opened, built from the id, never a URL taken from the answer. */
export function uploadUrl(upload: Upload): string | null {
  return upload.videoId ? watchUrl(upload.videoId) : null;
}

export function shortDate(text: string | null): string | null {
  if (!text) return null;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
