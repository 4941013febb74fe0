import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { useService } from './harness';

const s = useService();

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.0.3 document, version 1.0.0, with every REST path', async () => {
    const reply = await s.call('GET', '/openapi.json');
    expect(reply.status).toBe(200);
    const doc = reply.body as { openapi: string; info: { version: string }; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.version).toBe('1.0.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      ['/api/channels', '/api/transcripts', '/api/watch', '/api/watch/{jobId}', '/api/watch/{jobId}/ask'].sort(),
    );
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('describes the request schemas the service enforces', async () => {
    const doc = (await s.call('GET', '/openapi.json')).body as {
      components: {
        schemas: Record<string, { properties?: Record<string, Record<string, unknown>>; required?: string[] }>;
      };
    };
    const transcripts = doc.components.schemas.TranscriptRequest;
    expect(transcripts?.required).toEqual(['ids']);
    expect(transcripts?.properties?.ids).toMatchObject({ type: 'array', minItems: 1, maxItems: 50 });
    expect(doc.components.schemas.WatchRequest?.properties?.mode).toMatchObject({
      enum: ['quick', 'smart', 'deep', 'auto'],
    });
    expect(doc.components.schemas.TranscriptResponse?.required).toEqual([
      'results',
      'cloudRequestsRemaining',
      'aiUnitsRemaining',
      'creditsRemaining',
    ]);
  });
});
