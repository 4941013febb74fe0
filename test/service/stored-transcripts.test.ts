import { describe, expect, it } from 'vitest';
import { chooseTrack, findVideo } from './catalog';
import { fullText, segmentsFor } from './media';
import { TranscriptResponse, type TranscriptResult } from './response-schemas';
import { resultsJson, storedTranscript } from './stored-transcripts';

const track = (id: string) => {
  const video = findVideo(id);
  const chosen = chooseTrack(video, 'en');
  if (!chosen) throw new Error(`${id} has no track`);
  return { video, track: chosen };
};

describe('stored transcripts', () => {
  it('are made once and delivered as the same unchangeable object', () => {
    const { video, track: t } = track('tvaBig00750');
    const first = storedTranscript(video, t);
    expect(storedTranscript(video, t)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).toMatchObject({ id: 'tvaBig00750', title: video.title, author: video.author, languageCode: 'en' });
    expect(first.text).toBe(fullText(segmentsFor(video, t)));
  });

  it('are sent as JSON.stringify would write them, failures and other results included', () => {
    const ok = [1, 2, 3].map((n) => {
      const { video, track: t } = track(`tvaBig0070${n}`);
      return storedTranscript(video, t);
    });
    const results: TranscriptResult[] = [
      ok[0] as TranscriptResult,
      { id: 'tvaDisable1', error: 'transcripts_disabled', message: 'The uploader has disabled transcripts.' },
      ok[1] as TranscriptResult,
      { ...(ok[2] as TranscriptResult) },
    ];
    const json = resultsJson(results);
    expect(json).toBe(JSON.stringify(results));
    const body = `{"results":${json},"cloudRequestsRemaining":1,"aiUnitsRemaining":2,"creditsRemaining":1}`;
    expect(TranscriptResponse.parse(JSON.parse(body)).results).toEqual(results);
  });
});
