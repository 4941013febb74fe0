import { describe, expect, it } from 'vitest';
import { normalizeAnswer } from '../../../utils/api/read/answer';
import { clientServing, errorOf } from './serve';

describe('ask bodies of the corpus, read by the client and shown as the Ask tab shows them', () => {
  it.each([
    [
      'answer-spec-shape.json',
      {
        text: 'A slide titled Testing.',
        citations: [{ kind: 'visual', time: 12, quote: 'A slide titled Testing' }],
        insufficient: false,
        other: [],
      },
    ],
    [
      'answer-other-names.json',
      {
        text: 'It is about testing.',
        citations: [{ kind: 'speech', time: 65, quote: 'we said this' }],
        insufficient: false,
        other: [],
      },
    ],
    ['answer-insufficient-only.json', { text: '', citations: [], insufficient: true, other: [] }],
    // Citation times in milliseconds: 10:12 and 10:01.5 of a 10:24 video, kept.
    [
      'answer-citations-ms.json',
      {
        text: 'The closing slide lists the next steps.',
        citations: [
          { kind: 'visual', time: 612, quote: 'The closing slide' },
          { kind: 'speech', time: 601.5, quote: 'that is all for today' },
        ],
        insufficient: false,
        other: [],
      },
    ],
    // Not JSON: the paid answer is kept as its text, never as an empty answer.
    [
      'answer-plain-text.txt',
      {
        text: 'The video explains testing at 1:05. (plain text, not JSON)',
        citations: [],
        insufficient: false,
        other: [],
      },
    ],
  ])('%s', async (file, view) => {
    const { client } = clientServing(file);
    const answer = await client.ask(1, 'What is on the slide?');
    expect(normalizeAnswer(answer, { durationSeconds: 624 })).toEqual(view);
  });

  it('an empty 200 body is an error, so the question is not stored as answered and can be asked again', async () => {
    const { client } = clientServing('empty.txt');
    const error = await errorOf(client.ask(1, 'Anything?'));
    expect(error.code).toBe('empty_answer');
    expect(error.sentence).toBe(
      'The service answered this question with nothing in it. The question may have cost 1 AI Unit; asking again costs 1 AI Unit.',
    );
  });
});
