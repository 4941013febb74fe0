import type { Account } from './accounts';
import { keywords } from './ask';
import { isRefusal, type Refusal, refuse } from './errors';
import { clock, fullText } from './media';
import { PRICES } from './prices';
import { isTranscriptFailure, type Segment, type TranscriptFailure, type TranscriptResult } from './response-schemas';
import type { ServiceState } from './state';
import { parseTimecode, type Timecode } from './timecode';
import { deliverTranscripts } from './transcripts';

export const MAX_MCP_VIDEOS = 25;

export const deepLink = (id: string, seconds: number): string =>
  `https://www.youtube.com/watch?v=${id}&t=${Math.floor(seconds)}s`;

type Range = { from?: Timecode | undefined; to?: Timecode | undefined };

/** Transcripts for the tools: the video list and the from/to range checked, 1 Cloud Request per delivered video. */
function fetchRange(
  state: ServiceState,
  account: Account,
  videos: string | string[],
  range: Range,
  lang: string,
  reason: string,
  perVideo: number,
): { results: TranscriptResult[]; from: number; to: number } | Refusal {
  const list = typeof videos === 'string' ? [videos] : videos;
  if (list.length === 0) return refuse(400, 'bad_request', 'Give at least one video id or URL.');
  if (list.length > MAX_MCP_VIDEOS) return refuse(400, 'bad_request', `At most ${MAX_MCP_VIDEOS} videos per call.`);
  const from = parseTimecode(range.from) ?? 0;
  const to = parseTimecode(range.to) ?? Number.POSITIVE_INFINITY;
  if (
    (range.from !== undefined && parseTimecode(range.from) === undefined) ||
    (range.to !== undefined && parseTimecode(range.to) === undefined)
  ) {
    return refuse(400, 'bad_request', 'from and to are seconds, m:ss or h:mm:ss.');
  }
  if (to < from) return refuse(400, 'bad_request', 'to is before from.');
  const results = deliverTranscripts(state, account, list, lang, reason, perVideo);
  return isRefusal(results) ? results : { results, from, to };
}

const within = (segments: readonly Segment[], from: number, to: number): Segment[] =>
  segments.filter((s) => s.start + s.duration > from && s.start <= to);

const failureOf = (r: TranscriptFailure) => ({ videoId: r.id, error: r.error, message: r.message ?? r.error });

export function getTranscripts(
  state: ServiceState,
  account: Account,
  args: Range & { videos: string | string[]; lang?: string | undefined },
) {
  const fetched = fetchRange(
    state,
    account,
    args.videos,
    args,
    args.lang ?? 'en',
    'mcp:get_transcript',
    PRICES.cloudRequestsPerTranscript,
  );
  if (isRefusal(fetched)) return fetched;
  return fetched.results.map((r) => {
    if (isTranscriptFailure(r)) return failureOf(r);
    const segments = within(r.segments, fetched.from, fetched.to);
    const { id, title, author, language, languageCode, isGenerated } = r;
    return { videoId: id, title, author, language, languageCode, isGenerated, text: fullText(segments), segments };
  });
}

export function searchTranscripts(
  state: ServiceState,
  account: Account,
  args: Range & { videos: string | string[]; query: string },
) {
  const words = keywords(args.query);
  if (words.size === 0) return refuse(400, 'bad_request', 'The query has no searchable words.');
  const fetched = fetchRange(
    state,
    account,
    args.videos,
    args,
    'en',
    'mcp:search_transcript',
    PRICES.cloudRequestsPerSearchVideo,
  );
  if (isRefusal(fetched)) return fetched;
  return fetched.results.map((r) => {
    if (isTranscriptFailure(r)) return failureOf(r);
    const segments = r.segments;
    const scored = segments
      .map((s, index) => ({ s, index, score: [...keywords(s.text)].filter((w) => words.has(w)).length }))
      .filter((x) => x.score > 0 && x.s.start + x.s.duration > fetched.from && x.s.start <= fetched.to)
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, 10)
      .sort((a, b) => a.index - b.index);
    const matches = scored.map(({ s, index }) => ({
      time: s.start,
      timestamp: clock(s.start),
      quote: s.text,
      context: segments
        .slice(Math.max(0, index - 1), index + 2)
        .map((x) => x.text)
        .join(' '),
      url: deepLink(r.id, s.start),
    }));
    return { videoId: r.id, title: r.title, matchCount: matches.length, matches };
  });
}
