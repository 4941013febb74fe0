import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createNotes } from '../../../entrypoints/background/notes/notes';
import { type NotesStore, openNotesStore } from '../../../entrypoints/background/notes/store';
import { MAX_ITEMS_PER_VIDEO } from '../../../utils/notes/limits';
import type { NoteItem } from '../../../utils/notes/model';
import type { VideoNotes } from '../../../utils/notes/replies';
import type { Reply } from '../../../utils/protocol/envelope';
import { createRouter } from '../../../utils/protocol/receive';
import { startBackground } from '../background/harness';
import { highlightOf, noteOf, VIDEO } from './builders';

const tab = { id: 'ext', tab: { id: 4, active: true, url: `https://www.youtube.com/watch?v=${VIDEO}` } };
const otherTab = { id: 'ext', tab: { id: 5, active: true, url: 'https://www.youtube.com/watch?v=aaaaaaaaaaa' } };
const start = () => startBackground({ serviceUrl: 'http://127.0.0.1:9', token: 'demo-pro', sender: tab });
const items = (reply: Reply<VideoNotes>) => (reply.ok ? reply.data.items : []);

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('background: highlights and notes', () => {
  it('keeps, edits in place and removes, in time order, each write answered with the list', async () => {
    const bg = await start();
    const late = noteOf({ time: 90, text: 'later\nsecond line' });
    const highlight = highlightOf();
    await bg.content({ type: 'notes.put', item: late });
    const put = await bg.content<VideoNotes>({ type: 'notes.put', item: highlight });
    expect(items(put).map((i) => i.id)).toEqual([highlight.id, late.id]);

    const edited = await bg.content<VideoNotes>({ type: 'notes.put', item: { ...late, text: 'edited' } });
    const kept = items(edited).find((i) => i.id === late.id);
    expect(kept).toMatchObject({ text: 'edited', videoTitle: 'A talk', time: 90 });
    expect(kept?.createdAt).toBeLessThanOrEqual(kept?.updatedAt ?? 0);

    const removed = await bg.content<VideoNotes>({ type: 'notes.remove', videoId: VIDEO, id: late.id });
    expect(items(removed).map((i) => i.id)).toEqual([highlight.id]);
    const listed = await bg.content<VideoNotes>({ type: 'notes.list', videoId: VIDEO });
    expect(items(listed).map((i) => i.id)).toEqual([highlight.id]);
  });

  it('writes only from the tab showing the video, and refuses a note too long with a sentence', async () => {
    const bg = await start();
    const refused = await bg.content({ type: 'notes.put', item: noteOf() }, otherTab);
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_this_video' } });
    // Firefox's panel frame: its own address, and a tab without one (docs/firefox.md).
    const firefoxFrame = { id: 'ext', url: 'moz-extension://x/panel-frame.html', tab: { id: 4 } };
    const taken = await bg.content<VideoNotes>(
      { type: 'notes.put', item: noteOf({ text: 'from Firefox' }) },
      firefoxFrame,
    );
    expect(items(taken).map((i) => i.text)).toEqual(['from Firefox']);
    await bg.content({ type: 'notes.remove', videoId: VIDEO, id: items(taken)[0]?.id ?? '' });
    // Through the router, which parses what the sender may ask (utils/protocol/receive.ts).
    const route = createRouter(bg.handlers, 'ext', 'chrome-extension://ext/');
    const fromTab = { ...tab, url: tab.tab.url };
    const long = await route({ type: 'notes.put', item: noteOf({ text: 'x'.repeat(20_001) }) }, fromTab);
    expect(long).toMatchObject({ ok: false, error: { code: 'bad_message' } });
    if (!long.ok) expect(long.error.message.length).toBeGreaterThan(10);
    expect(items(await bg.content<VideoNotes>({ type: 'notes.list', videoId: VIDEO }))).toEqual([]);
  });

  it('keeps every note when the saved transcripts are cleared', async () => {
    const bg = await start();
    const note = noteOf({ text: 'كلمات 🎓' });
    await bg.content({ type: 'notes.put', item: note });
    expect(await bg.handlers.page({ type: 'cache.clear' })).toMatchObject({ ok: true });
    const listed = await bg.content<VideoNotes>({ type: 'notes.list', videoId: VIDEO });
    expect(items(listed)).toEqual([expect.objectContaining({ id: note.id, text: 'كلمات 🎓' })]);
  });

  it('keeps a thousand notes on one video, and one more', async () => {
    const store = openNotesStore();
    await Promise.all(Array.from({ length: 1_000 }, (_, i) => store.put(noteOf({ time: i }))));
    const one = noteOf({ time: 5_000, text: 'the thousand and first' });
    const listed = await createNotes(store).put(one);
    expect(listed.items).toHaveLength(1_001);
    expect(listed.items.at(-1)).toMatchObject({ id: one.id, text: 'the thousand and first' });
  });

  it('refuses a new item past the limit with a sentence, still edits the ones held, loses nothing', async () => {
    const held = noteOf();
    const kept = new Map<string, NoteItem>([[held.id, { ...held, createdAt: 1 }]]);
    const full: NotesStore = {
      ofVideo: async () => [...kept.values()],
      ofVideos: async (ids) => ids.map(() => [...kept.values()]),
      count: async () => MAX_ITEMS_PER_VIDEO,
      get: async (id) => kept.get(id),
      put: async (item) => void kept.set(item.id, item),
      remove: async () => undefined,
      putAll: async () => undefined,
      summaries: async () => new Map(),
    };
    const notes = createNotes(full);
    await expect(notes.put(noteOf())).rejects.toMatchObject({ code: 'notes_full' });
    await expect(notes.put({ ...held, text: 'still editable' })).resolves.toMatchObject({
      items: [expect.objectContaining({ text: 'still editable', createdAt: 1 })],
    });
  });
});
