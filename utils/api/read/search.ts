/**
 * The answer of the MCP `search_transcript` tool, whose shape the spec does not show, read into findings per
 * video. The local service sends `{ query, results: [{ videoId, title, matchCount, matches: [...] } |
 * { videoId, error, message }], …balances }`; also read: a bare array of results; results keyed by video id
 * (`{ results: { "<id>": [matches] } }`); one flat list of matches each naming its video (or only its deep
 * link); plain text, one match per line. A per-video `error` (a code, or `{ code, message }`) becomes its
 * sentence. Whatever cannot be read as a match is kept as text (`other`), never dropped. Never throws.
 */
import { extractVideoId } from '../../video-id';
import { MOMENTS_PER_VIDEO, type VideoFindings } from '../../video-search/replies';
import { itemErrorSentence } from '../error-text';
import { type BalancesSeen, readBalances } from './balances';
import { entries, flatten, humanLabel, isEmpty, MAX_ITEMS, normKey, words } from './lenient';
import { readDeepLink, readMatch, URL_KEYS } from './search-match';
import { type Dict, field, isRecord, str } from './values';

export type SearchAnswer = { videos: VideoFindings[]; other: string[]; balances: BalancesSeen | null };

const RESULT_KEYS = words('results videos items data hits');
const MATCH_KEYS = words('matches moments hits results segments timestamps occurrences items');
const ID_KEYS = words('videoid video id');
const TITLE_KEYS = words('title videotitle name');
// Fields that describe an entry rather than add to it: not repeated as "other" text.
const QUIET = new Set(
  words(
    'videoid video id title videotitle name matches moments hits results segments timestamps occurrences items ' +
      'matchcount count total error errorcode code message reason url link deeplink href author channel ' +
      'query cloudrequestsremaining aiunitsremaining creditsremaining balances',
  ),
);

type Group = { findings: VideoFindings; order: number };

class Reader {
  private readonly groups = new Map<string, Group>();
  readonly other: string[] = [];

  constructor(
    private readonly asked: readonly string[],
    private readonly terms: string[],
  ) {}

  group(videoId: string): VideoFindings {
    let g = this.groups.get(videoId);
    if (!g) {
      const findings: VideoFindings = {
        videoId,
        title: null,
        source: 'service',
        moments: [],
        more: 0,
        terms: this.terms,
        error: null,
        other: [],
      };
      g = { findings, order: this.groups.size };
      this.groups.set(videoId, g);
    }
    return g.findings;
  }

  /** A video named by the entry, its link, or the only video asked about. */
  videoOf(named: unknown, link: unknown): string | null {
    const id = extractVideoId(str(named) ?? '') ?? readDeepLink(link).videoId;
    if (id) return id;
    return this.asked.length === 1 ? (this.asked[0] ?? null) : null;
  }

  /** Matches of one video (a list, a string of lines, or one object). */
  matches(videoId: string | null, value: unknown, label: string): void {
    const items = Array.isArray(value)
      ? value.slice(0, MAX_ITEMS)
      : typeof value === 'string'
        ? value.split(/\r?\n/).filter((l) => l.trim())
        : [value];
    for (const item of items) {
      const read = readMatch(item);
      const id = 'moment' in read ? (read.videoId ?? videoId) : videoId;
      if (!('moment' in read)) {
        if (read.text) (id ? this.group(id).other : this.other).push(`${label}: ${read.text}`);
        continue;
      }
      if (!id) {
        this.other.push(`${label}: ${read.moment.quote}`);
        continue;
      }
      const findings = this.group(id);
      if (findings.moments.length < MOMENTS_PER_VIDEO) findings.moments.push(read.moment);
      else findings.more++;
    }
  }

  /** One result entry: a video with its matches or its error, or a flat match naming its video. */
  entry(raw: unknown, keyedId: string | null): void {
    if (!isRecord(raw)) {
      this.matches(keyedId ?? this.videoOf(null, null), raw, 'Match');
      return;
    }
    const videoId = keyedId ?? this.videoOf(field(raw, ID_KEYS), field(raw, URL_KEYS));
    const list = field(raw, MATCH_KEYS);
    const failure = readFailure(raw);
    if (list === undefined && !failure) {
      // A flat match that names its video (or the only video asked about).
      this.matches(videoId, raw, 'Match');
      return;
    }
    if (!videoId) {
      this.other.push(flatten(raw));
      return;
    }
    const findings = this.group(videoId);
    findings.title ??= str(field(raw, TITLE_KEYS)) ?? null;
    if (failure) findings.error = failure;
    if (list !== undefined) this.matches(videoId, list, 'Match');
    for (const [key, value] of entries(raw, 50)) {
      if (!QUIET.has(normKey(key)) && !isEmpty(value)) findings.other.push(`${humanLabel(key)}: ${flatten(value)}`);
    }
  }

  /** Results as a list, or keyed by video id. */
  results(value: unknown): void {
    if (Array.isArray(value)) {
      for (const item of value.slice(0, MAX_ITEMS)) this.entry(item, null);
    } else if (isRecord(value)) {
      for (const [key, item] of entries(value, MAX_ITEMS)) {
        const id = extractVideoId(key);
        if (id) this.entry(isRecord(item) ? item : { matches: item }, id);
        else if (!isEmpty(item)) this.other.push(`${humanLabel(key)}: ${flatten(item)}`);
      }
    } else if (typeof value === 'string') {
      this.matches(this.videoOf(null, null), value, 'Result');
    } else if (!isEmpty(value)) this.other.push(flatten(value));
  }

  /** Top-level fields beside the results that say something (a notice, a warning): kept as text. */
  rest(raw: Dict): void {
    for (const [key, value] of entries(raw, 50)) {
      const norm = normKey(key);
      if (!QUIET.has(norm) && !RESULT_KEYS.includes(norm) && !isEmpty(value)) {
        this.other.push(`${humanLabel(key)}: ${flatten(value)}`);
      }
    }
  }

  /** The asked videos, in the order asked, then any others the answer named. */
  finish(): VideoFindings[] {
    // Videos the answer left out are reported as found nothing only when the answer was read as a whole.
    if (this.other.length === 0 && this.groups.size > 0) for (const id of this.asked) this.group(id);
    const rank = (id: string) => {
      const i = this.asked.indexOf(id);
      return i < 0 ? this.asked.length + (this.groups.get(id)?.order ?? 0) : i;
    };
    return [...this.groups.values()]
      .map((g) => g.findings)
      .sort((a, b) => rank(a.videoId) - rank(b.videoId))
      .map((f) => ({ ...f, moments: [...f.moments].sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity)) }));
  }
}

function readFailure(raw: Dict): VideoFindings['error'] {
  const error = field(raw, words('error errorcode'));
  if (error === undefined || error === false || error === '') return null;
  const nested = isRecord(error) ? error : null;
  const code = str(nested ? field(nested, words('code error')) : error) ?? 'unclassified';
  const message = str(field(nested ?? raw, words('message reason detail')));
  const safeCode = /^[A-Za-z0-9_]{1,60}$/.test(code) ? code.toLowerCase() : 'unclassified';
  return { code: safeCode, message: itemErrorSentence(safeCode, message ?? code) };
}

/** The tool's answer for the videos `asked` (one call), with `terms` to mark in its quotes. */
export function readSearchAnswer(raw: unknown, asked: readonly string[], terms: string[]): SearchAnswer {
  const reader = new Reader(asked, terms);
  try {
    if (isRecord(raw)) {
      const results = field(raw, RESULT_KEYS);
      const flat = field(raw, words('matches moments'));
      if (results !== undefined) reader.results(results);
      else if (flat !== undefined) reader.results(flat);
      else reader.results([raw]);
      if (results !== undefined || flat !== undefined) reader.rest(raw);
    } else reader.results(raw);
    return { videos: reader.finish(), other: reader.other, balances: readBalances(raw) };
  } catch {
    return { videos: [], other: [flatten(raw)], balances: null };
  }
}
