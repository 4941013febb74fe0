import { t } from '../i18n/catalogue';
import { channelAlias, channelFromPageUrl } from './ref';
import type { ListProblem } from './video-list';

/**
 * A pasted list of channels (the library's "Channels to list"): one per line, as an `@handle`, a `UC…` channel
 * id or a channel URL (`/@handle`, `/channel/UC…`, `/c/name`, `/user/name`). Each is read into the form the
 * service accepts (utils/channel/ref.ts); two forms of the same channel are kept once; any other line is a
 * problem named by its number. Reading the list is free.
 */
export type ChannelList = { channels: string[]; problems: ListProblem[]; repeats: number };

/** The most channels read from one paste: ten requests of a Pro plan, far above what a person lists by hand. */
export const MAX_PASTED_CHANNELS = 100;
const MAX_CHARS = 50_000;
const SNIPPET = 40;

const snippet = (text: string) => (text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text);

/** The service's form of one line's channel, or null. */
export function channelOfLine(line: string): string | null {
  const text = line.trim().replace(/^http:\/\//i, 'https://');
  if (/^@[A-Za-z0-9._-]+$/.test(text) || /^UC[A-Za-z0-9_-]{22}$/.test(text)) return text;
  const bare = /^(www\.|m\.)?youtube\.com\//i.test(text) ? `https://${text}` : text;
  return channelFromPageUrl(bare);
}

export function parseChannelList(text: string): ChannelList {
  const channels: string[] = [];
  const seen = new Set<string>();
  const problems: ListProblem[] = [];
  let repeats = 0;
  text
    .slice(0, MAX_CHARS)
    .split(/\r\n|\r|\n/)
    .forEach((raw, index) => {
      const line = index + 1;
      const one = raw.replace(/\s+/g, ' ').trim();
      if (one === '') return;
      const channel = channelOfLine(one);
      const alias = channel === null ? null : channelAlias(channel);
      if (channel === null || alias === null) {
        problems.push({
          line,
          sentence: t('background.channels.notChannel', { line: String(line), text: snippet(one) }),
        });
        return;
      }
      if (seen.has(alias)) {
        repeats++;
        return;
      }
      if (channels.length >= MAX_PASTED_CHANNELS) {
        problems.push({
          line,
          sentence: t('background.channels.tooMany', { line: String(line), max: MAX_PASTED_CHANNELS }),
        });
        return;
      }
      seen.add(alias);
      channels.push(channel);
    });
  return { channels, problems, repeats };
}

/** The requests a listing of these channels is sent in: the plan's channels per request each, in order. */
export function channelBatches<T>(channels: readonly T[], perRequest: number): T[][] {
  const size = Math.max(1, Math.floor(perRequest));
  const batches: T[][] = [];
  for (let i = 0; i < channels.length; i += size) batches.push(channels.slice(i, i + size));
  return batches;
}

/** How many requests a listing of `count` channels takes on a plan of `perRequest` channels each. */
export const requestsFor = (count: number, perRequest: number): number =>
  count === 0 ? 0 : Math.ceil(count / Math.max(1, Math.floor(perRequest)));
