import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../utils/api/json-schema';
import { type MappedTool, mapToolArguments, type ToolValues } from '../../utils/api/mcp-args';

/** The local service's search_transcript inputSchema, as its tools/list publishes it (zod through the SDK). */
const TIMECODE = {
  anyOf: [
    { type: 'integer', minimum: 0, maximum: 9007199254740991 },
    { type: 'string', pattern: '^\\d+$|^\\d+:[0-5]\\d$|^\\d+:[0-5]\\d:[0-5]\\d$' },
  ],
};
const LOCAL_SEARCH = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    videos: {
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
      description: 'A video id or URL, or a list of up to 25',
    },
    query: { type: 'string', minLength: 1 },
    from: TIMECODE,
    to: TIMECODE,
  },
  required: ['videos', 'query'],
};
const object = (properties: Record<string, unknown>, required: string[] = [], extra: JsonSchema = {}) => ({
  type: 'object',
  properties,
  required,
  ...extra,
});
const strings = { type: 'array', items: { type: 'string' } };

const A = 'tvaHuman001';
const B = 'tvaAutoGen1';
const SEARCH: ToolValues = { videos: [A, B], query: 'latency budget', from: 60, to: 3725 };
const WHOLE: ToolValues = { videos: [A, B], query: 'latency budget' };

type Row = [string, MappedTool, JsonSchema | null, ToolValues, Record<string, unknown>, number | null];

describe('MCP arguments by the schema the server publishes', () => {
  it.each<Row>([
    [
      'the local service: its names, a list, the range as whole seconds',
      'search_transcript',
      LOCAL_SEARCH,
      SEARCH,
      { videos: [A, B], query: 'latency budget', from: 60, to: 3725 },
      25,
    ],
    [
      'no range given: from and to are not sent',
      'search_transcript',
      LOCAL_SEARCH,
      WHOLE,
      { videos: [A, B], query: 'latency budget' },
      25,
    ],
    [
      'other names (snake case, q, start/end as m:ss text), at most 10 a call',
      'search_transcript',
      object(
        {
          video_ids: { ...strings, maxItems: 10 },
          q: { type: 'string' },
          start: { type: 'string', pattern: '^\\d+:\\d\\d(:\\d\\d)?$' },
          end: { type: 'string', pattern: '^\\d+:\\d\\d(:\\d\\d)?$' },
        },
        ['video_ids', 'q'],
      ),
      SEARCH,
      { video_ids: [A, B], q: 'latency budget', start: '1:00', end: '1:02:05' },
      10,
    ],
    [
      'a time as text without a pattern: m:ss, h:mm:ss past an hour',
      'search_transcript',
      object({ videoIds: strings, searchQuery: { type: 'string' }, startTime: { type: 'string' }, endTime: {} }),
      SEARCH,
      { videoIds: [A, B], searchQuery: 'latency budget', startTime: '1:00', endTime: 3725 },
      25,
    ],
    [
      'a pattern of whole seconds only',
      'search_transcript',
      object({ videos: strings, query: { type: 'string' }, from: { type: 'string', pattern: '^\\d+$' } }),
      { ...WHOLE, from: 90 },
      { videos: [A, B], query: 'latency budget', from: '90' },
      25,
    ],
    [
      'times in milliseconds, by their names',
      'search_transcript',
      object({ videos: strings, query: { type: 'string' }, startMs: { type: 'integer' }, endMs: { type: 'integer' } }),
      SEARCH,
      { videos: [A, B], query: 'latency budget', startMs: 60_000, endMs: 3_725_000 },
      25,
    ],
    [
      'links wanted (urls, format uri): watch URLs built from the ids',
      'search_transcript',
      object({ urls: { type: 'array', items: { type: 'string', format: 'uri' } }, search: { type: 'string' } }),
      WHOLE,
      {
        urls: [`https://www.youtube.com/watch?v=${A}`, `https://www.youtube.com/watch?v=${B}`],
        search: 'latency budget',
      },
      25,
    ],
    [
      'the words as a list of terms',
      'search_transcript',
      object({ videos: strings, keywords: strings }),
      WHOLE,
      { videos: [A, B], keywords: ['latency', 'budget'] },
      25,
    ],
    [
      'one video a call: a single string',
      'search_transcript',
      object({ video: { type: 'string' }, query: { type: 'string' } }),
      { videos: [A], query: 'x' },
      { video: A, query: 'x' },
      1,
    ],
    [
      'names nobody guesses, found by their descriptions',
      'search_transcript',
      object({
        v: { ...strings, description: 'YouTube video ids' },
        s: { type: 'string', description: 'Words to look for' },
      }),
      WHOLE,
      { v: [A, B], s: 'latency budget' },
      25,
    ],
    [
      'a $ref into $defs, and allOf',
      'search_transcript',
      {
        type: 'object',
        properties: { videos: { $ref: '#/$defs/Ids' }, query: { allOf: [{ type: 'string' }, { minLength: 1 }] } },
        $defs: { Ids: strings },
      },
      WHOLE,
      { videos: [A, B], query: 'latency budget' },
      25,
    ],
    [
      'get_transcript: videos and the range',
      'get_transcript',
      object({ ids: strings, from: TIMECODE, to: TIMECODE, lang: { type: 'string' } }, ['ids']),
      { videos: [A], from: 30, to: 90 },
      { ids: [A], from: 30, to: 90 },
      25,
    ],
    [
      'watchlist_activity: a numeric id, the limit held within the maximum',
      'watchlist_activity',
      object({ list_id: { type: 'integer' }, max: { type: 'integer', minimum: 1, maximum: 5 } }, ['list_id']),
      { watchlistId: '42', limit: 10 },
      { list_id: 42, max: 5 },
      null,
    ],
    [
      'watchlist_activity: no limit in the schema, so none is sent (it is only nice to have)',
      'watchlist_activity',
      object({ watchlistId: { type: 'string' } }, ['watchlistId']),
      { watchlistId: 'wl_1', limit: 10 },
      { watchlistId: 'wl_1' },
      null,
    ],
    [
      'watchlist_activity (free): a schema that names nothing is called with the usual names',
      'watchlist_activity',
      { type: 'object' },
      { watchlistId: 'wl_1', limit: 10 },
      { watchlistId: 'wl_1', limit: 10 },
      null,
    ],
  ])('%s', (_, tool, schema, values, args, perCall) => {
    expect(mapToolArguments(tool, schema, values)).toEqual({ ok: true, args, videosPerCall: perCall });
  });

  const NOTHING = 'Nothing was sent and nothing was charged.';
  it.each<[string, MappedTool, JsonSchema | null, ToolValues, string]>([
    [
      'no argument for the words',
      'search_transcript',
      object({ videos: strings, from: TIMECODE, to: TIMECODE }, ['videos']),
      WHOLE,
      `The service’s search_transcript tool has no way to say the words to search for, so Transcript Lens cannot search these videos on the service. ${NOTHING}`,
    ],
    [
      'a range asked for, and no argument for its start',
      'search_transcript',
      object({ videos: strings, query: { type: 'string' }, to: TIMECODE }),
      SEARCH,
      `The service’s search_transcript tool has no way to say where the range starts (From), so Transcript Lens cannot search these videos on the service. Clear From and To to search whole videos. ${NOTHING}`,
    ],
    [
      'the words as an object',
      'search_transcript',
      object({ videos: strings, query: { type: 'object', properties: {} } }),
      WHOLE,
      `The service’s search_transcript tool has no way to say the words to search for that Transcript Lens can write (its “query” takes an object), so Transcript Lens cannot search these videos on the service. ${NOTHING}`,
    ],
    [
      'the words as a number or an object: both kinds named',
      'search_transcript',
      object({ videos: strings, query: { type: ['integer', 'object'] } }),
      WHOLE,
      `The service’s search_transcript tool has no way to say the words to search for that Transcript Lens can write (its “query” takes an integer or an object), so Transcript Lens cannot search these videos on the service. ${NOTHING}`,
    ],
    [
      'one video a call, two videos in it',
      'search_transcript',
      object({ video: { type: 'string' }, query: { type: 'string' } }),
      WHOLE,
      `The service’s search_transcript tool takes at most 1 video a call, so Transcript Lens cannot search these videos on the service. ${NOTHING}`,
    ],
    [
      'a required argument nothing fills',
      'search_transcript',
      object({ videos: strings, query: { type: 'string' }, index: { type: 'string' } }, ['videos', 'query', 'index']),
      WHOLE,
      `The service’s search_transcript tool requires “index”, which Transcript Lens has nothing to fill with, so Transcript Lens cannot search these videos on the service. ${NOTHING}`,
    ],
    [
      'a paid tool whose schema names no argument',
      'search_transcript',
      { type: 'object' },
      WHOLE,
      `The service’s search_transcript tool does not publish its arguments, so Transcript Lens cannot search these videos on the service. ${NOTHING}`,
    ],
    [
      'the tool is not listed',
      'get_transcript',
      null,
      { videos: [A] },
      `The service’s MCP server does not offer the get_transcript tool, so Transcript Lens cannot read this part of the transcript on the service. ${NOTHING}`,
    ],
    [
      'a free tool without the watchlist',
      'watchlist_activity',
      object({ channel: { type: 'string' } }),
      { watchlistId: 'wl_1' },
      'The service’s watchlist_activity tool has no way to say which watchlist, so Transcript Lens cannot show this watchlist’s uploads. Nothing was sent.',
    ],
    [
      'a description that fits two needs is not guessed',
      'search_transcript',
      object({ x: { ...strings, description: 'The videos to search' }, y: { type: 'string' } }),
      WHOLE,
      `The service’s search_transcript tool has no way to say which videos, so Transcript Lens cannot search these videos on the service. ${NOTHING}`,
    ],
  ])('refused: %s', (_, tool, schema, values, sentence) => {
    expect(mapToolArguments(tool, schema, values)).toEqual({ ok: false, sentence });
  });

  it('never throws on a hostile schema', () => {
    const cyclic: JsonSchema = { type: 'object', properties: { videos: { $ref: '#' } } };
    for (const schema of [cyclic, { properties: 5 }, { type: 'object', properties: { videos: { pattern: '(' } } }]) {
      expect(() => mapToolArguments('search_transcript', schema, WHOLE)).not.toThrow();
    }
  });
});
