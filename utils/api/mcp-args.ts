/**
 * The MCP tools' argument names and types are "not shown" in the spec (it names only `from` and `to`). The server
 * publishes them in `tools/list`: this maps what Transcript Lens needs to say (the videos, the words, where a range
 * starts and ends, a watchlist) onto the names and types that schema declares, or says in a sentence which of them
 * the schema has no way to say. Then nothing is sent: a guessed argument could buy the wrong search.
 */
import { t } from '../i18n/catalogue';
import { formatOr } from '../i18n/format';
import { formatTime } from '../timecode';
import { watchUrl } from '../video-id';
import { MCP_VIDEOS_PER_CALL } from '../video-search/replies';
import {
  fitsPattern,
  type JsonSchema,
  limitOf,
  propertiesOf,
  requiredOf,
  SchemaTooIntricate,
  type Variant,
  variantsOf,
  WalkBudget,
} from './json-schema';
import { normKey, words } from './read/lenient';

/** What the product has to say to a tool; a range end that is null or absent is not said. */
export type ToolValues = {
  videos?: readonly string[];
  query?: string;
  from?: number | null;
  to?: number | null;
  watchlistId?: string;
  limit?: number;
};
type Need = keyof ToolValues;

/** `always`: the call means nothing without it; `given`: needed when the person gave it; `nice`: dropped if not sayable. */
type Weight = 'always' | 'given' | 'nice';
type ToolNeeds = {
  paid: boolean;
  needs: Partial<Record<Need, Weight>>;
  /** Whether a range it cannot say has another way (background.tool.rangeHint). */
  rangeHint?: boolean;
  /** A free tool whose schema names no argument is called with these names: a wrong guess costs nothing. */
  fallback?: Partial<Record<Need, string>>;
};

/** Every tool the product calls with arguments, and what it needs to say to each. */
export const TOOL_NEEDS = {
  search_transcript: {
    paid: true,
    needs: { videos: 'always', query: 'always', from: 'given', to: 'given' },
    rangeHint: true,
  },
  get_transcript: {
    paid: true,
    needs: { videos: 'always', from: 'given', to: 'given' },
    rangeHint: true,
  },
  watchlist_activity: {
    paid: false,
    needs: { watchlistId: 'always', limit: 'nice' },
    fallback: { watchlistId: 'watchlistId', limit: 'limit' },
  },
} as const satisfies Record<string, ToolNeeds>;
export type MappedTool = keyof typeof TOOL_NEEDS;

/** Names a need goes by, in order of preference (spelling-folded: `video_ids` = `videoIds` = `videoids`). */
const NAMES: Record<Need, readonly string[]> = {
  videos: words('videos videoids videolist ids video videoid urls videourls url videourl links link'),
  query: words('query q search searchquery searchterm searchterms question terms keywords keyword phrase text topic'),
  from: words('from start starttime startat begin since fromtime startseconds rangestart timefrom fromms startms'),
  to: words('to end endtime endat until totime endseconds rangeend timeto toms endms'),
  watchlistId: words('watchlistid watchlist listid id'),
  limit: words('limit max maxresults count top n'),
};
/** Read only when no name matched, and only when exactly one need's words are in a property's description. */
const DESCRIBED: Record<Need, RegExp> = {
  videos: /\bvideos?\b/i,
  query: /\b(query|search|question|words|terms|keywords|phrase)\b/i,
  from: /\b(start|from|begin|since)\b/i,
  to: /\b(end|until|stop)\b/i,
  watchlistId: /\bwatchlist\b/i,
  limit: /\b(limit|maximum|at most|how many)\b/i,
};

export type ToolArguments =
  | {
      ok: true;
      args: Record<string, unknown> /** Videos one call may carry, when the tool takes videos. */;
      videosPerCall: number | null;
    }
  | { ok: false; sentence: string };

type Property = { name: string; schema: JsonSchema; variants: Variant[]; description: string };
type Written = { value: unknown; perCall?: number } | null;

const has = (variants: readonly Variant[], ...kinds: Variant['kind'][]) => variants.find((v) => kinds.includes(v.kind));

/** The forms of a schema inside the tool's own, on the budget of this one reading. */
type Read = (schema: unknown) => Variant[];

function itemsTakeStrings(array: Variant, read: Read): boolean {
  const items = array.schema.items;
  if (items === undefined) return true;
  return Boolean(has(read(items), 'string', 'any'));
}

function writeVideos(ids: readonly string[], p: Property, read: Read): Written {
  const urls = /url|link/.test(normKey(p.name)) || p.variants.some((v) => v.schema.format === 'uri');
  const values = ids.map((id) => (urls ? watchUrl(id) : id));
  const array = p.variants.find((v) => (v.kind === 'array' && itemsTakeStrings(v, read)) || v.kind === 'any');
  if (array) {
    const perCall = Math.max(
      1,
      Math.min(MCP_VIDEOS_PER_CALL, limitOf(array.schema, 'maxItems') ?? MCP_VIDEOS_PER_CALL),
    );
    return { value: values, perCall };
  }
  // One video a call: the caller sends the videos one by one.
  return has(p.variants, 'string') ? { value: values.length === 1 ? values[0] : values, perCall: 1 } : null;
}

function writeQuery(query: string, p: Property, read: Read): Written {
  const text = p.variants.find((v) => v.kind === 'string' || v.kind === 'any');
  if (text) {
    const max = limitOf(text.schema, 'maxLength');
    return max === undefined || query.length <= max ? { value: query } : null;
  }
  const list = p.variants.find((v) => v.kind === 'array' && itemsTakeStrings(v, read));
  return list ? { value: query.split(/\s+/).filter(Boolean) } : null;
}

const clock = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const rest = formatTime(seconds % 3600).padStart(5, '0');
  return `${h}:${rest}`;
};

function writeTime(seconds: number, p: Property): Written {
  const inMs = /ms$/.test(normKey(p.name)) || /millisecond/i.test(p.description);
  const number = p.variants.find((v) => v.kind === 'integer' || v.kind === 'number' || v.kind === 'any');
  if (number) return { value: inMs ? seconds * 1000 : seconds };
  const text = p.variants.find((v) => v.kind === 'string');
  if (!text) return null;
  // The spec's three forms: m:ss (h:mm:ss past an hour), whole seconds, h:mm:ss always; the first the pattern takes.
  const forms = inMs ? [String(seconds * 1000)] : [formatTime(seconds), String(seconds), clock(seconds)];
  const form = forms.find((f) => fitsPattern(text.schema, f));
  return form === undefined ? null : { value: form };
}

function writeWatchlist(id: string, p: Property): Written {
  if (has(p.variants, 'string', 'any')) return { value: id };
  return /^\d+$/.test(id) && has(p.variants, 'integer', 'number') ? { value: Number(id) } : null;
}

function writeLimit(limit: number, p: Property): Written {
  const number = p.variants.find((v) => v.kind === 'integer' || v.kind === 'number');
  if (!number) return null;
  const low = limitOf(number.schema, 'minimum') ?? 1;
  const high = limitOf(number.schema, 'maximum') ?? limit;
  return { value: Math.max(low, Math.min(high, limit)) };
}

function write(need: Need, values: ToolValues, p: Property, read: Read): Written {
  switch (need) {
    case 'videos':
      return writeVideos(values.videos ?? [], p, read);
    case 'query':
      return writeQuery(values.query ?? '', p, read);
    case 'from':
    case 'to': {
      const seconds = values[need];
      return typeof seconds === 'number' ? writeTime(seconds, p) : null;
    }
    case 'watchlistId':
      return writeWatchlist(values.watchlistId ?? '', p);
    case 'limit':
      return typeof values.limit === 'number' ? writeLimit(values.limit, p) : null;
  }
}

/** Which needs are to be said in this call: the ones it always needs, and the others when they have a value. */
function wanted(tool: ToolNeeds, values: ToolValues): [Need, Weight][] {
  return (Object.entries(tool.needs) as [Need, Weight][]).filter(
    ([need, weight]) => weight === 'always' || (values[need] !== undefined && values[need] !== null),
  );
}

/** Each need's property: by name first, then (only when unambiguous) by its description. */
function assign(needs: readonly Need[], properties: readonly Property[]): Map<Need, Property> {
  const found = new Map<Need, Property>();
  const taken = new Set<string>();
  for (const need of needs) {
    for (const name of NAMES[need]) {
      const p = properties.find((q) => normKey(q.name) === name && !taken.has(q.name));
      if (p) {
        found.set(need, p);
        taken.add(p.name);
        break;
      }
    }
  }
  for (const p of properties) {
    if (taken.has(p.name)) continue;
    const matches = (Object.keys(DESCRIBED) as Need[]).filter((n) => DESCRIBED[n].test(p.description));
    const [need] = matches;
    if (matches.length === 1 && need && needs.includes(need) && !found.has(need)) {
      found.set(need, p);
      taken.add(p.name);
    }
  }
  return found;
}

function refusal(name: MappedTool, why: string, hint = ''): ToolArguments {
  const tool: ToolNeeds = TOOL_NEEDS[name];
  const nothing = tool.paid ? t('background.tool.nothingPaid') : t('background.tool.nothingFree');
  const said = t('background.tool.refusal', { why, doing: t('background.tool.doing', { tool: name }) });
  return { ok: false, sentence: [said, hint, nothing].filter(Boolean).join(' ') };
}

/**
 * The arguments of one call of `name`, under the names and in the types its published `inputSchema` declares
 * (`null`: the server does not list the tool). Pure: the caller reads `tools/list` and sends, or shows the sentence.
 */
export function mapToolArguments(name: MappedTool, inputSchema: JsonSchema | null, values: ToolValues): ToolArguments {
  if (inputSchema === null) return refusal(name, t('background.tool.notOffered', { tool: name }));
  try {
    return mapOnto(name, inputSchema, values, new WalkBudget());
  } catch (error) {
    // A hostile or runaway schema: unreadable, said, and nothing sent (rather than a worker busy for minutes).
    if (error instanceof SchemaTooIntricate) return refusal(name, t('background.tool.tooIntricate', { tool: name }));
    throw error;
  }
}

function mapOnto(name: MappedTool, inputSchema: JsonSchema, values: ToolValues, budget: WalkBudget): ToolArguments {
  const tool: ToolNeeds = TOOL_NEEDS[name];
  const read: Read = (schema) => variantsOf(schema, inputSchema, budget);
  const properties = propertiesOf(inputSchema, budget).map(([propertyName, schema]) => ({
    name: propertyName,
    schema,
    variants: read(schema),
    description: typeof schema.description === 'string' ? schema.description.slice(0, 500) : '',
  }));
  const toSay = wanted(tool, values);
  if (properties.length === 0 && toSay.length > 0) {
    if (!tool.fallback) return refusal(name, t('background.tool.noArguments', { tool: name }));
    const args = Object.fromEntries(
      toSay.flatMap(([need]) => (tool.fallback?.[need] ? [[tool.fallback[need], values[need]]] : [])),
    );
    return { ok: true, args, videosPerCall: null };
  }
  const found = assign(
    toSay.map(([need]) => need),
    properties,
  );
  const args: Record<string, unknown> = {};
  let videosPerCall: number | null = null;
  for (const [need, weight] of toSay) {
    const p = found.get(need);
    const written = p ? write(need, values, p, read) : null;
    if (p && written) {
      args[p.name] = written.value;
      if (need === 'videos') videosPerCall = written.perCall ?? null;
      const count = values.videos?.length ?? 0;
      if (need === 'videos' && videosPerCall !== null && count > videosPerCall) {
        return refusal(name, t('background.tool.atMost', { tool: name, n: videosPerCall }));
      }
      continue;
    }
    if (weight === 'nice') continue;
    const hint =
      (need === 'from' || need === 'to') && tool.rangeHint ? t('background.tool.rangeHint', { tool: name }) : '';
    const what = t('background.tool.what', { need });
    const why = p
      ? t('background.tool.noWayTyped', { tool: name, what, name: p.name.slice(0, 60), kinds: kindsOf(p) })
      : t('background.tool.noWay', { tool: name, what });
    return refusal(name, why, hint);
  }
  const unfilled = requiredOf(inputSchema, budget).filter((r) => !(r in args));
  const [first] = unfilled;
  if (first !== undefined) {
    return refusal(name, t('background.tool.requires', { tool: name, name: first.slice(0, 60) }));
  }
  return { ok: true, args, videosPerCall };
}

function kindsOf(p: Property): string {
  const kinds = [...new Set(p.variants.map((v) => v.kind))];
  if (kinds.length === 0) return t('background.tool.kind.unknown');
  const said = (k: Variant['kind']) =>
    k === 'array'
      ? t('background.tool.kind.list')
      : k === 'any'
        ? t('background.tool.kind.any')
        : t('background.tool.kind.typed', { kind: k });
  return formatOr(kinds.map(said));
}
