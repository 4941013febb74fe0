import { describe, expect, it } from 'vitest';
import { normalizeArtifact } from '../../../utils/api/read/artifact';
import { clientServing, errorOf } from './serve';

const WATCH = { id: 'dQw4w9WgXcQ' };
const FOLLOW_AGAIN =
  'The service answered the analysis request without a job number Transcript Lens can follow. Starting it again costs nothing: the service returns the same job.';

describe('analysis job bodies of the corpus, read by the client', () => {
  it.each([
    [
      'watch-202-spec-shape.json',
      202,
      { jobId: 1001, status: 'queued', aiUnitsRemaining: 9967, cloudRequestsRemaining: 3500 },
      [{ cloudRequests: 3500, aiUnits: 9967 }],
    ],
    // A string id and "pending" are read; null balances are unknown: nothing is recorded, not 0.
    ['watch-string-jobid-null-balances.json', 202, { jobId: 1002, status: 'queued', eta: 30 }, []],
  ])('start: %s', async (file, status, expected, balances) => {
    const { client, seen } = clientServing(file, { status });
    const job = await client.startAnalysis(WATCH);
    expect(job).toMatchObject(expected);
    expect(job.aiUnitsRemaining ?? null).toBe((expected as { aiUnitsRemaining?: number }).aiUnitsRemaining ?? null);
    expect(seen).toEqual(balances);
  });

  it.each([
    ['watch-ready-without-jobid.json', [{ aiUnits: 120 }]],
    ['watch-non-numeric-jobid.json', []],
  ])('start without a job id that can be followed: %s', async (file, balances) => {
    const { client, seen } = clientServing(file);
    const error = await errorOf(client.startAnalysis(WATCH));
    expect([error.code, error.sentence]).toEqual(['bad_response', FOLLOW_AGAIN]);
    expect(seen).toEqual(balances);
  });

  it.each([
    ['job-running.json', { jobId: 1004, status: 'processing', progress: 0.4 }],
    [
      'job-error-code-in-error.json',
      { jobId: 1005, status: 'failed', errorCode: 'video_unavailable', retryable: false },
    ],
    ['job-unknown-status.json', { jobId: 1006, status: 'processing', unknownStatus: 'transcoding' }],
    [
      'job-failed-spec.json',
      {
        jobId: 1008,
        status: 'failed',
        error: 'The analysis could not finish.',
        errorCode: 'internal',
        retryable: true,
      },
    ],
  ])('poll: %s', async (file, expected) => {
    const { client } = clientServing(file);
    const job = await client.getJob(1);
    expect(job).toMatchObject(expected);
    if (expected.status !== 'failed') expect(job.error).toBeUndefined();
  });

  it('poll: a job in `data` with `id`, `state: DONE` and a plain-text `result` is ready with that text', async () => {
    const { client } = clientServing('job-nested-data-state.json');
    const job = await client.getJob(1007);
    expect([job.jobId, job.status]).toEqual([1007, 'ready']);
    expect(normalizeArtifact(job.artifact).summary).toEqual([
      'Summary: a plain-text analysis.',
      '0:30 Intro\n1:15 Demo',
    ]);
  });

  it.each([
    [
      'job-completed-with-artifact.json',
      {
        summary: ['A talk about testing.'],
        chapters: [{ title: 'Intro', start: 0 }],
        keyPoints: [{ text: 'Tests assert behaviour', time: 65 }],
        evidence: [{ kind: 'visual', time: 12, text: 'A slide titled Testing' }],
        other: [],
      },
    ],
    [
      'artifact-markdown-string.json',
      {
        summary: ['## Overview\nA cooking video.', '- 0:30 Chopping onions\n- 2:05 Frying'],
        chapters: [],
        keyPoints: [],
        evidence: [],
        other: [],
      },
    ],
    [
      'artifact-other-names.json',
      {
        summary: ['Other names for the same sections.'],
        chapters: [
          { title: 'Start', start: 0 },
          { title: 'Middle', start: 250 },
        ],
        keyPoints: [{ text: 'A highlight', time: 62 }],
        evidence: [{ kind: 'speech', time: 65, text: 'we said this' }],
        other: [{ label: 'Model', text: 'v2' }],
      },
    ],
  ])('ready job, artifact as the panel shows it: %s', async (file, view) => {
    const { client } = clientServing(file);
    const job = await client.getJob(1);
    expect(job.status).toBe('ready');
    expect(normalizeArtifact(job.artifact)).toEqual(view);
  });
});
