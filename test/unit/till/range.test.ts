import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createToolSchemas } from '../../../entrypoints/background/core/tool-schemas';
import { createClaims } from '../../../entrypoints/background/till/claims';
import { journalStore } from '../../../entrypoints/background/till/journal-store';
import { createRangePurchase } from '../../../entrypoints/background/till/range';
import { createRecorder } from '../../../entrypoints/background/till/record';
import type { JsonSchema } from '../../../utils/api/json-schema';
import { callTool, listTools, type McpOptions } from '../../../utils/api/mcp';
import { readAroundAnswer } from '../../../utils/api/read/around';

vi.mock('../../../utils/api/mcp', async (original) => ({
  ...(await original<typeof import('../../../utils/api/mcp')>()),
  callTool: vi.fn(),
  listTools: vi.fn(),
}));

const VIDEO = 'tvaHuman001';
const options: McpOptions = { baseUrl: 'https://service.test', token: 't' };
/** A server that names the range start/end and takes m:ss strings, and the video as one URL. */
const OTHER_NAMES: JsonSchema = {
  type: 'object',
  properties: {
    video_url: { type: 'string', format: 'uri' },
    start: { type: 'string', pattern: '^\\d+:[0-5]\\d$' },
    end: { type: 'string', pattern: '^\\d+:[0-5]\\d$' },
  },
  required: ['video_url'],
};
const ANSWER = {
  results: [
    {
      videoId: VIDEO,
      title: 'A talk',
      language: 'English',
      languageCode: 'en',
      isGenerated: false,
      segments: [
        { text: 'before', start: 10, duration: 5 },
        { text: 'inside', start: 70, duration: 5 },
      ],
    },
  ],
};

function setup(schema: JsonSchema | null) {
  vi.mocked(listTools).mockResolvedValue(new Map(schema ? [['get_transcript', schema]] : []));
  const tools = createToolSchemas({ mcp: (call) => call(options), key: async () => 'k' });
  const record = createRecorder(journalStore, Date.now, async () => undefined);
  const range = createRangePurchase({
    account: async () => 'acct',
    mcp: (call) => call(options),
    tools,
    claims: createClaims(),
    record,
  });
  const buy = () =>
    range.buy({
      videoId: VIDEO,
      from: 60,
      to: 180,
      delivered: (raw) => readAroundAnswer(raw, VIDEO, { from: 60, to: 180 })?.error === null,
      keep: async (raw) => readAroundAnswer(raw, VIDEO, { from: 60, to: 180 }),
    });
  return { range, buy };
}

describe('the till path of get_transcript for a part of one video', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.mocked(callTool).mockReset();
  });

  it('names from/to as the server’s schema does, sends once, and journals 1 Cloud Request delivered', async () => {
    vi.mocked(callTool).mockResolvedValue(ANSWER);
    const { buy } = setup(OTHER_NAMES);
    const bought = await buy();
    expect(vi.mocked(callTool).mock.calls).toEqual([
      [
        options,
        'get_transcript',
        { video_url: 'https://www.youtube.com/watch?v=tvaHuman001', start: '1:00', end: '3:00' },
      ],
    ]);
    expect(bought.kept?.cues).toEqual([{ start: 70, text: 'inside' }]);
    const [entry] = await journalStore.list('acct');
    expect(entry).toMatchObject({
      kind: 'range',
      subject: { ids: [VIDEO], range: { from: 60, to: 180 } },
      price: { cloudRequests: 1, aiUnits: 0 },
      outcome: { state: 'delivered', delivered: [VIDEO], charged: { cloudRequests: 1, aiUnits: 0 } },
    });
  });

  it('two presses at once buy the part once: the second waits and is told nothing was sent', async () => {
    let answer: (value: unknown) => void = () => {};
    vi.mocked(callTool).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const { range, buy } = setup(OTHER_NAMES);
    const first = buy();
    await vi.waitFor(() => expect(callTool).toHaveBeenCalledTimes(1));
    expect(await buy()).toEqual({ kept: null });
    const settled = range.settled(VIDEO, 60, 180);
    answer(ANSWER);
    expect((await first).kept?.error).toBeNull();
    await settled;
    expect(callTool).toHaveBeenCalledTimes(1);
  });

  it('a video the service could not read is journalled free', async () => {
    vi.mocked(callTool).mockResolvedValue({ results: [{ videoId: VIDEO, error: 'no_captions' }] });
    const { buy } = setup(OTHER_NAMES);
    expect((await buy()).kept?.error).toEqual(expect.any(String));
    const [entry] = await journalStore.list('acct');
    expect(entry?.outcome).toMatchObject({ delivered: [], free: [VIDEO], charged: { cloudRequests: 0 } });
  });

  it('a schema with no way to say where the part ends: a sentence first, and the purchase sends nothing', async () => {
    const noEnd: JsonSchema = { type: 'object', properties: { videos: { type: 'array' }, from: { type: 'integer' } } };
    const { range, buy } = setup(noEnd);
    expect(await range.refusal(VIDEO, 60, 180)).toMatch(/where the range ends \(To\)/);
    await expect(buy()).rejects.toThrow();
    expect(callTool).not.toHaveBeenCalled();
    expect(await journalStore.list('acct')).toEqual([]);
  });
});

describe('readAroundAnswer: a get_transcript answer for one part, read leniently', () => {
  const range = { from: 60, to: 180 };

  it('the spec-like { results: [...] }, a bare list and a lone entry read alike, cut to the part', () => {
    const entry = ANSWER.results[0];
    for (const raw of [ANSWER, [entry], entry]) {
      expect(readAroundAnswer(raw, VIDEO, range)).toEqual({
        videoId: VIDEO,
        ...range,
        cues: [{ start: 70, text: 'inside' }],
        text: '',
        error: null,
      });
    }
  });

  it('text without cues is kept as text; a failed video is a sentence; nothing readable is null', () => {
    expect(readAroundAnswer('the words of that minute', VIDEO, range)).toMatchObject({
      cues: [],
      text: 'the words of that minute',
      error: null,
    });
    expect(readAroundAnswer({ results: [{ videoId: VIDEO, error: 'no_captions' }] }, VIDEO, range)?.error).toEqual(
      expect.any(String),
    );
    expect(readAroundAnswer(42, VIDEO, range)).toBeNull();
  });
});
