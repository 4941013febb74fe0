import { describe, expect, it } from 'vitest';
import { useService } from './contract/harness';
import {
  AskAnswer,
  ChannelResponse,
  ErrorBody,
  isTranscriptFailure,
  JobBody,
  TranscriptResponse,
  WatchBody,
} from './response-schemas';

const s = useService({ jobMs: 3_000 });

describe('the service’s canonical response schemas', () => {
  it('describe exactly what the local service sends (strict: no field missing or extra)', async () => {
    const transcripts = await s.post('/api/transcripts', { ids: ['tvaHuman001', 'tvaPrivate1'] });
    const parsed = TranscriptResponse.strict().parse(transcripts.body);
    expect(parsed.results.map(isTranscriptFailure)).toEqual([false, true]);
    ChannelResponse.parse((await s.post('/api/channels', { ids: ['@tvademo', '@nosuchchannel'] })).body);
    const started = WatchBody.strict().parse((await s.post('/api/watch', { id: 'tvaHuman001' })).body);
    s.advance(3_000);
    const ready = JobBody.strict().parse((await s.get(`/api/watch/${started.jobId}`)).body);
    expect(ready.status).toBe('ready');
    AskAnswer.strict().parse((await s.post(`/api/watch/${started.jobId}/ask`, { question: 'introduction?' })).body);
    ErrorBody.parse((await s.get('/api/watch/1')).body);
  });
});
