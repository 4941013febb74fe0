import { z } from 'zod';
import * as Q from './request-schemas';
import * as S from './response-schemas';

const schema = (s: z.ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(s, { target: 'openapi-3.0', io, unrepresentable: 'any' });

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ content: { 'application/json': { schema: ref(name) } } });
const error = (description: string) => ({ description, ...json('ErrorBody') });
const common = {
  '400': error('bad_request: malformed body or invalid input'),
  '401': error('unauthorized: missing or invalid API token'),
  '403': error('email_unverified, plan_required'),
  '429': {
    description: 'rate_limited; Retry-After gives whole seconds to wait',
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
    ...json('ErrorBody'),
  },
};
const jobId = { name: 'jobId', in: 'path', required: true, schema: { type: 'integer' } };

function post(summary: string, request: string, ok: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    post: { summary, requestBody: { required: true, ...json(request) }, responses: { ...ok, ...common, ...extra } },
  };
}

/** The OpenAPI 3.0.3 document, generated from the service's own request and response schemas (no product code). */
export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Transcript and Video Analysis Service', version: '1.0.0' },
    security: [{ apiToken: [] }],
    paths: {
      '/api/transcripts': post(
        'Transcripts for up to 50 videos',
        'TranscriptRequest',
        { '200': { description: 'One result per id, in order', ...json('TranscriptResponse') } },
        { '402': error('insufficient_cloud_requests, insufficient_ai_units') },
      ),
      '/api/channels': post(
        'Uploads of channels, newest first',
        'ChannelRequest',
        { '200': { description: 'One result per channel', ...json('ChannelResponse') } },
        { '402': error('insufficient_cloud_requests') },
      ),
      '/api/watch': post(
        'Start an analysis',
        'WatchRequest',
        {
          '200': { description: 'Analysed before: the ready job', ...json('Job') },
          '202': { description: 'Queued (or the same job still running)', ...json('Job') },
        },
        {
          '402': error('insufficient_ai_units'),
          '422': { description: 'Refused: video too long or not analysable', ...json('VideoTooLongBody') },
          '503': error('service_unavailable'),
        },
      ),
      '/api/watch/{jobId}': {
        get: {
          summary: 'Poll an analysis job (free)',
          parameters: [jobId],
          responses: { '200': { description: 'The job', ...json('Job') }, '404': error('unknown job'), ...common },
        },
      },
      '/api/watch/{jobId}/ask': {
        post: {
          ...post('Ask a question (1 AI Unit)', 'AskRequest', {
            '200': { description: 'Answer with verified citations', ...json('AskAnswer') },
          }).post,
          parameters: [jobId],
        },
      },
    },
    components: {
      securitySchemes: {
        apiToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Basic <API token>, sent as is' },
      },
      schemas: {
        TranscriptRequest: schema(Q.TranscriptRequest, 'input'),
        TranscriptResponse: schema(S.TranscriptResponse),
        ChannelRequest: schema(Q.ChannelRequest, 'input'),
        ChannelResponse: schema(S.ChannelResponse),
        WatchRequest: schema(Q.WatchRequest, 'input'),
        Job: schema(S.JobBody),
        AskRequest: schema(Q.AskRequest, 'input'),
        AskAnswer: schema(S.AskAnswer),
        ErrorBody: schema(S.ErrorBody),
        VideoTooLongBody: schema(S.VideoTooLongBody),
      },
    },
  };
}
