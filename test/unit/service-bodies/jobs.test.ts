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

  it('start without a job id and not finished: nothing to keep or follow, and starting again costs nothing', async () => {
    const { client, seen } = clientServing('watch-non-numeric-jobid.json');
    const error = await errorOf(client.startAnalysis(WATCH));
    expect([error.code, error.sentence]).toEqual(['bad_response', FOLLOW_AGAIN]);
    expect(seen).toEqual([]);
  });

  it.each([
    ['watch-ready-without-jobid.json', ['Analysed before.'], [], { aiUnits: 120 }],
    [
      'watch-ready-flat-without-jobid.json',
      ['Analysed before; answered flat and without a job id.'],
      [{ text: 'A point', time: 30 }],
      { aiUnits: 75 },
    ],
  ])(
    'a 200 ready without a job id: the analysis is kept, marked unnumbered: %s',
    async (file, summary, keyPoints, seen) => {
      const { client, seen: balances } = clientServing(file, { status: 200 });
      const job = await client.startAnalysis(WATCH);
      expect([job.jobId, job.status, job.unnumbered]).toEqual([0, 'ready', true]);
      expect(normalizeArtifact(job.artifact)).toMatchObject({ summary, keyPoints });
      expect(balances).toEqual([seen]);
    },
  );

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

  it('poll: an answer that does not repeat the id is the polled job’s, when it says anything about it', async () => {
    const { client } = clientServing('job-poll-without-id.json');
    expect(await client.getJob(1012)).toMatchObject({ jobId: 1012, status: 'processing', progress: 0.5 });
    const { client: silent } = clientServing('account-spec-shape.json');
    expect((await errorOf(silent.getJob(1012))).code).toBe('bad_response');
  });

  it('poll: a flat job body, the artifact’s sections at its top level, is ready with them', async () => {
    const { client, seen } = clientServing('job-flat-artifact.json');
    const job = await client.getJob(1011);
    expect([job.jobId, job.status, job.videoId]).toEqual([1011, 'ready', 'tvaHuman001']);
    expect(normalizeArtifact(job.artifact)).toEqual({
      summary: ["The artifact's fields at the top level of the job."],
      chapters: [{ title: 'Intro', start: 0 }],
      keyPoints: [{ text: 'Flat bodies are read', time: 42 }],
      evidence: [{ kind: 'speech', time: 42, text: 'flat bodies are read' }],
      other: [],
    });
    expect(seen).toEqual([{ aiUnits: 90 }]);
  });

  it('times in milliseconds (`*Ms`) are milliseconds: late moments of a 10:24 video are kept, not dropped as past its end', async () => {
    const { client } = clientServing('job-ready-times-ms.json');
    const job = await client.getJob(1010);
    expect(normalizeArtifact(job.artifact, { durationSeconds: 624 })).toEqual({
      summary: ['Times in milliseconds.'],
      chapters: [
        { title: 'Intro', start: 0 },
        { title: 'Questions', start: 600 },
      ],
      keyPoints: [{ text: 'A late point', time: 615.5 }],
      evidence: [{ kind: 'visual', time: 612, text: 'The closing slide' }],
      other: [],
    });
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
