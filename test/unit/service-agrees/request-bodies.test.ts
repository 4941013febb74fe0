import { describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import * as Product from '../../../utils/api/schemas';
import { MAX_QUESTION_CHARS } from '../../../utils/bounds';
import * as Service from '../../service/request-schemas';
import { expected, ids, type Probe, schemaFacts, verdicts } from './schema-facts';

/**
 * The REST request bodies, the extension's (utils/api/schemas.ts) against the local service's own
 * (test/service/request-schemas.ts, strict: it answers 400 to anything else). Two ways: what each schema says as
 * JSON Schema (required, types, limits, enums, no other field), and a table of bodies at each limit that both
 * must admit or refuse as the spec does (what JSON Schema leaves out: a blank question once trimmed).
 */

const Limits = z.object({
  properties: z.record(z.string(), z.object({ maxItems: z.number().optional(), maxLength: z.number().optional() })),
});
/** One limit of one field of the service's body, as its JSON Schema (and /openapi.json) says it. */
const limitOf = (schema: ZodType, field: string, key: 'maxItems' | 'maxLength') =>
  Limits.parse(z.toJSONSchema(schema, { io: 'input' })).properties[field]?.[key];

type Body = { name: string; product: ZodType; service: ZodType; probes: Probe[] };

const BODIES: Body[] = [
  {
    name: 'POST /api/transcripts',
    product: Product.TranscriptRequest,
    service: Service.TranscriptRequest,
    probes: [
      { why: 'one id', body: { ids: ids(1) }, ok: true },
      { why: '50 ids, the most', body: { ids: ids(50) }, ok: true },
      { why: '51 ids', body: { ids: ids(51) }, ok: false },
      { why: 'no id', body: { ids: [] }, ok: false },
      { why: 'ids missing', body: { lang: 'en' }, ok: false },
      { why: 'ids not a list', body: { ids: 'tvaHuman001' }, ok: false },
      { why: 'an id not a string', body: { ids: [42] }, ok: false },
      { why: 'with lang', body: { ids: ids(2), lang: 'es' }, ok: true },
      { why: 'lang not a string', body: { ids: ids(2), lang: 1 }, ok: false },
      { why: 'an unknown field', body: { ids: ids(2), videoIds: ids(2) }, ok: false },
    ],
  },
  {
    name: 'POST /api/channels',
    product: Product.ChannelRequest,
    service: Service.ChannelRequest,
    probes: [
      { why: 'one channel', body: { ids: ['@tvademo'] }, ok: true },
      { why: '500 channels, the most (Team)', body: { ids: ids(500) }, ok: true },
      { why: '501 channels', body: { ids: ids(501) }, ok: false },
      { why: 'no channel', body: { ids: [] }, ok: false },
      { why: 'ids missing', body: {}, ok: false },
      { why: 'a channel not a string', body: { ids: [null] }, ok: false },
      { why: 'an unknown field', body: { ids: ['@tvademo'], lang: 'en' }, ok: false },
    ],
  },
  {
    name: 'POST /api/watch',
    product: Product.WatchRequest,
    service: Service.WatchRequest,
    probes: [
      { why: 'id only', body: { id: 'tvaHuman001' }, ok: true },
      {
        why: 'every field',
        body: { id: 'https://youtu.be/tvaHuman001', mode: 'deep', lang: 'en', partial: true },
        ok: true,
      },
      ...Product.AnalysisMode.options.map((mode) => ({ why: `mode ${mode}`, body: { id: 'x', mode }, ok: true })),
      { why: 'an unknown mode', body: { id: 'tvaHuman001', mode: 'fast' }, ok: false },
      { why: 'a mode in capitals', body: { id: 'tvaHuman001', mode: 'Deep' }, ok: false },
      { why: 'an empty id', body: { id: '' }, ok: false },
      { why: 'id missing', body: { mode: 'quick' }, ok: false },
      { why: 'id not a string', body: { id: 11 }, ok: false },
      { why: 'partial not a boolean', body: { id: 'tvaHuman001', partial: 'yes' }, ok: false },
      { why: 'lang not a string', body: { id: 'tvaHuman001', lang: ['en'] }, ok: false },
      { why: 'an unknown field', body: { id: 'tvaHuman001', videoId: 'tvaHuman001' }, ok: false },
    ],
  },
  {
    name: 'POST /api/watch/{jobId}/ask',
    product: Product.AskRequest,
    service: Service.AskRequest,
    probes: [
      { why: 'a question', body: { question: 'What is latency?' }, ok: true },
      { why: 'one character', body: { question: '?' }, ok: true },
      { why: '2,000 characters, the most', body: { question: 'q'.repeat(2000) }, ok: true },
      { why: '2,001 characters', body: { question: 'q'.repeat(2001) }, ok: false },
      { why: '2,000 once trimmed', body: { question: ` ${'q'.repeat(2000)} ` }, ok: true },
      { why: 'empty', body: { question: '' }, ok: false },
      { why: 'blank', body: { question: ' \n\t ' }, ok: false },
      { why: 'question missing', body: {}, ok: false },
      { why: 'not a string', body: { question: 7 }, ok: false },
      { why: 'an unknown field', body: { question: 'Why?', jobId: 1 }, ok: false },
    ],
  },
];

describe('the extension and the local service agree on every request body', () => {
  it.each(BODIES)('$name: required and optional fields, their types, limits and enums, no other field', (body) => {
    expect(schemaFacts(body.product)).toEqual(schemaFacts(body.service));
  });

  it.each(BODIES)('$name: both admit and refuse the same bodies, at each limit, as the spec does', (body) => {
    expect(verdicts(body.probes, body.product, body.service)).toEqual(expected(body.probes));
  });

  it('the limits the extension sends by, outside its schemas, are the service’s', () => {
    // The transcripts are asked for in batches of this size; the question box stops at this length.
    expect(limitOf(Service.TranscriptRequest, 'ids', 'maxItems')).toBe(Product.TRANSCRIPT_IDS_PER_REQUEST);
    expect(limitOf(Service.AskRequest, 'question', 'maxLength')).toBe(MAX_QUESTION_CHARS);
  });
});
