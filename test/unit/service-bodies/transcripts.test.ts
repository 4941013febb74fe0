import { describe, expect, it } from 'vitest';
import { errorSentence } from '../../../utils/api/error-text';
import { isTranscriptFailure, type TranscriptResult } from '../../../utils/api/schemas';
import { clientServing, errorOf } from './serve';

const ONE = ['dQw4w9WgXcQ'];

/** What the panel shows for one result: the cues of a transcript, or the sentence of a failure. */
function shown(result: TranscriptResult | undefined) {
  if (!result) return null;
  if (isTranscriptFailure(result))
    return { id: result.id, code: result.error, says: errorSentence(result.error, result.message) };
  const { id, title, author, language, languageCode, isGenerated, text, segments } = result;
  return { id, title, author, language, languageCode, isGenerated, text, segments };
}

const cases: [file: string, ids: string[], lang: string, expected: unknown[], balances: unknown[]][] = [
  [
    'transcripts-spec-shape.json',
    ONE,
    'en',
    [
      {
        id: 'dQw4w9WgXcQ',
        title: 'Spec shape',
        author: 'A Channel',
        language: 'English',
        languageCode: 'en',
        isGenerated: false,
        text: 'Hello there. General Kenobi.',
        segments: [
          { text: 'Hello there.', start: 0.5, duration: 2.1 },
          { text: 'General Kenobi.', start: 2.6, duration: 1.9 },
        ],
      },
    ],
    [{ cloudRequests: 3499, aiUnits: 10000 }],
  ],
  [
    'transcripts-spec-nulls-strings-missing.json',
    ONE,
    'en',
    [
      {
        id: 'dQw4w9WgXcQ',
        title: null,
        author: null,
        language: '',
        languageCode: '',
        isGenerated: false,
        text: 'First line Second line',
        segments: [
          { text: 'First line', start: 0, duration: 3.5 },
          { text: 'Second line', start: 3.5, duration: 2.25 },
        ],
      },
    ],
    // A null Cloud Request balance is unknown, not 0; a fractional AI balance is a balance.
    [{ aiUnits: 9987.5 }],
  ],
  [
    'transcripts-bare-array-tracks.json',
    ONE,
    'en',
    [
      {
        id: 'dQw4w9WgXcQ',
        title: 'Bare array as public clients parse it',
        author: 'Uploader Name',
        language: 'English',
        languageCode: 'en',
        isGenerated: true,
        text: "we're no strangers to love you know the rules",
        segments: [
          { text: "we're no strangers to love", start: 18.8, duration: 7.239 },
          { text: 'you know the rules', start: 26.039, duration: 3.2 },
        ],
      },
    ],
    [],
  ],
  [
    'transcripts-bare-array-two-tracks-picks-lang.json',
    ONE,
    'es',
    [
      {
        id: 'dQw4w9WgXcQ',
        title: 'Two tracks',
        author: null,
        language: 'Spanish',
        languageCode: 'es',
        isGenerated: true,
        text: 'hola',
        segments: [{ text: 'hola', start: 1, duration: 1 }],
      },
    ],
    [],
  ],
  [
    'transcripts-bare-array-empty-tracks.json',
    ONE,
    'en',
    [{ id: 'dQw4w9WgXcQ', code: 'no_transcript', says: 'This video has no captions.' }],
    [],
  ],
  [
    'transcripts-bare-array-login-required.json',
    ONE,
    'en',
    [
      {
        id: 'dQw4w9WgXcQ',
        code: 'age_restricted',
        says: 'This video is age-restricted, so its transcript cannot be read.',
      },
    ],
    [],
  ],
  [
    'transcripts-success-failed.json',
    ['aaaaaaaaaaa', 'bbbbbbbbbbb'],
    'en',
    [
      {
        id: 'aaaaaaaaaaa',
        code: 'transcripts_disabled',
        says: 'The owner of this video has turned transcripts off.',
      },
      {
        id: 'bbbbbbbbbbb',
        title: 'Second asked, first delivered',
        author: null,
        language: 'English',
        languageCode: 'en',
        isGenerated: false,
        text: 'second video',
        segments: [{ text: 'second video', start: 0, duration: 2 }],
      },
    ],
    [],
  ],
  [
    'transcripts-failed-reason-unclassified.json',
    ONE,
    'en',
    [{ id: 'dQw4w9WgXcQ', code: 'unclassified', says: 'Quota of the upstream provider reached' }],
    [],
  ],
  [
    'transcripts-per-video-error-object.json',
    ONE,
    'en',
    [{ id: 'dQw4w9WgXcQ', code: 'no_transcript', says: 'This video has no captions.' }],
    [{ cloudRequests: 42 }],
  ],
  [
    'transcripts-legacy-credits-only.json',
    ONE,
    'de',
    [
      {
        id: 'dQw4w9WgXcQ',
        title: 'Older server',
        author: 'Someone',
        language: 'German',
        languageCode: 'de',
        isGenerated: true,
        text: 'Hallo',
        segments: [{ text: 'Hallo', start: 0, duration: 1 }],
      },
    ],
    [{ cloudRequests: 17 }],
  ],
  [
    'transcripts-text-only-entry.json',
    ONE,
    'en',
    [
      {
        id: 'dQw4w9WgXcQ',
        title: 'Only text',
        author: null,
        language: '',
        languageCode: '',
        isGenerated: false,
        text: 'The whole transcript as one string.',
        segments: [],
      },
    ],
    [],
  ],
  [
    'transcripts-unreadable-entry.json',
    ONE,
    'en',
    [
      {
        id: 'dQw4w9WgXcQ',
        code: 'unreadable',
        says: 'The service sent something for this video that Transcript Lens could not read: id: dQw4w9WgXcQ; weird: {nested: [1, 2, 3]}',
      },
    ],
    [{ aiUnits: 5 }],
  ],
];

describe('transcript bodies of the corpus, read by the client', () => {
  it.each(cases)('%s', async (file, ids, lang, expected, balances) => {
    const { client, seen } = clientServing(file);
    const response = await client.transcripts({ ids, lang });
    expect(response.results.map(shown)).toEqual(expected);
    expect(seen).toEqual(balances);
  });

  it('keeps unknown fields of an entry and of the response', async () => {
    const { client } = clientServing('transcripts-spec-nulls-strings-missing.json');
    const response = await client.transcripts({ ids: ONE });
    expect(response.results[0]).toMatchObject({ chaptersHint: 'kept as is' });
    expect(response).toMatchObject({ aiUnitsRemaining: 9987.5 });
    expect('cloudRequestsRemaining' in response).toBe(false);
    expect('creditsRemaining' in response).toBe(false);
  });

  it('a body with no list of videos is an error that keeps the body’s text', async () => {
    const { client } = clientServing('transcripts-no-list.json');
    const error = await errorOf(client.transcripts({ ids: ONE }));
    expect(error.code).toBe('bad_response');
    expect(error.sentence).toBe(
      'The service sent transcripts in a shape Transcript Lens could not read. Try again later.',
    );
    expect(error.details.body).toContain('a body with no list of videos in it');
  });
});
