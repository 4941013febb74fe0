import type { Highlight, Note } from '../../../utils/notes/model';

export const VIDEO = 'dQw4w9WgXcQ';
let n = 0;
/** A fresh uuid for a test's item (the panel makes them with crypto.randomUUID). */
export const uuid = () => crypto.randomUUID();

export function noteOf(over: Partial<Note> = {}): Note {
  n++;
  return { kind: 'note', id: uuid(), videoId: VIDEO, videoTitle: 'A talk', time: n, text: `note ${n}`, ...over };
}

export function highlightOf(over: Partial<Highlight> = {}): Highlight {
  const cues = over.cues ?? [{ start: 10, text: 'the words that mattered' }];
  return {
    kind: 'highlight',
    id: uuid(),
    videoId: VIDEO,
    videoTitle: 'A talk',
    start: cues[0]?.start ?? 0,
    end: (cues.at(-1)?.start ?? 0) + 2,
    text: 'words that mattered',
    ...over,
    cues,
  };
}
