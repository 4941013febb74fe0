import { describe, expect, it } from 'vitest';
import { answerQuestion, verifyCitation } from './ask';
import { findVideo } from './catalog';
import type { JobRecord } from './jobs';
import { framesFor, speechFor } from './media';

const video = findVideo('tvaHuman001');
const segments = speechFor(video, 'en');
const frames = framesFor(video);
const job: JobRecord = {
  jobId: 1,
  token: 't',
  videoId: video.id,
  mode: 'smart',
  requestedMode: 'smart',
  lang: 'en',
  durationSeconds: 624,
  analyzedSeconds: 624,
  partial: false,
  createdAt: 0,
  durationMs: 0,
};

describe('citation check', () => {
  const seg = segments[10];
  const frame = frames[10];

  it('keeps a spoken claim on a real segment and drops one off it or misquoted', () => {
    if (!seg) throw new Error('no segment');
    expect(verifyCitation({ kind: 'speech', time: seg.start, quote: seg.text }, segments, frames)).toBe(true);
    expect(
      verifyCitation({ kind: 'speech', time: seg.start + seg.duration + 30, quote: seg.text }, segments, frames),
    ).toBe(false);
    expect(verifyCitation({ kind: 'speech', time: seg.start, quote: 'words never said' }, segments, frames)).toBe(
      false,
    );
  });

  it('keeps a visual claim within 8 s of a stored frame and drops one further away', () => {
    const stored = [{ time: 100, description: 'Slide titled "Quorum"' }];
    const claim = (time: number, quote = 'Slide titled "Quorum"') =>
      verifyCitation({ kind: 'visual', time, quote }, [], stored);
    expect(claim(108)).toBe(true);
    expect(claim(92)).toBe(true);
    expect(claim(108.5)).toBe(false);
    expect(claim(91)).toBe(false);
    expect(claim(100, 'A cat on a sofa')).toBe(false);
    if (!frame) throw new Error('no frame');
    expect(verifyCitation({ kind: 'visual', time: frame.time + 8, quote: frame.description }, segments, frames)).toBe(
      true,
    );
  });

  it('is deterministic: the same question gets the same answer', () => {
    expect(answerQuestion(video, job, 'What about consensus?')).toEqual(
      answerQuestion(video, job, 'What about consensus?'),
    );
  });

  it('drops a mentioned time with no frame and reports insufficient evidence when nothing else matches', () => {
    const answer = answerQuestion(video, job, 'xyzzy at 2:00:00');
    expect(answer).toMatchObject({ citations: [], insufficientEvidence: true });
  });
});
