import type { FileVideo } from '../utils/library/file';
import type { LibraryItem } from '../utils/library/replies';

/** A held video as the library lists it and as its JSON export holds it (unit and component tests). */
export const ID = 'tvaHuman001';

export function itemOf(over: Partial<LibraryItem> = {}): LibraryItem {
  return {
    videoId: ID,
    title: 'Latency: a "practical" guide',
    channel: 'Systems Channel',
    savedAt: Date.UTC(2025, 2, 4),
    language: 'English',
    languageCode: 'en',
    isGenerated: false,
    transcript: { tracks: 1, bytes: 2000, durationSeconds: 95 },
    analysis: { mode: 'smart', partial: false, bytes: 900, aiUnits: 6 },
    questions: { count: 1, bytes: 300 },
    bytes: 3200,
    ...over,
  };
}

export function videoOf(over: Partial<FileVideo> = {}): FileVideo {
  return {
    videoId: ID,
    title: 'Latency: a "practical" guide',
    channel: 'Systems Channel',
    transcripts: [
      {
        languageCode: 'en',
        language: 'English',
        isGenerated: false,
        title: 'Latency: a "practical" guide',
        author: 'Systems Channel',
        text: 'Welcome. Latency matters.',
        fetchedAt: Date.UTC(2025, 2, 4),
        segments: [
          { text: 'Welcome.', start: 0, duration: 2 },
          { text: 'Latency matters.', start: 65, duration: 3 },
        ],
      },
    ],
    analysis: {
      jobId: 7,
      mode: 'smart',
      partial: false,
      lang: 'en',
      startedAt: 1,
      endedAt: 2,
      artifact: {
        summary: 'A talk about latency.',
        chapters: [{ title: 'Intro', start: 0 }],
        keyPoints: [{ text: 'Measure *first*', time: 65 }],
      },
    },
    answers: [
      {
        question: 'What matters?',
        askedAt: 3,
        answer: { answer: 'Latency.', citations: [{ kind: 'speech', time: 65, quote: 'Latency matters.' }] },
      },
    ],
    ...over,
  };
}

/** A saved English transcript of `videoId` whose cues are `words`, 10 s each (what the cache keeps after a Load). */
export const savedTranscriptOf = (videoId: string, words: string[]) => ({
  status: 'ok',
  videoId,
  fetchedAt: 1,
  title: `Title of ${videoId}`,
  author: 'Chan',
  language: 'English',
  languageCode: 'en',
  isGenerated: false,
  text: words.join(' '),
  segments: words.map((text, i) => ({ text, start: i * 10, duration: 10 })),
});
