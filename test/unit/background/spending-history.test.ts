import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createCoreAndTill, createServices } from '../../../entrypoints/background';
import { journalStore } from '../../../entrypoints/background/till/journal-store';
import { accountKey } from '../../../utils/account/key';
import { tokenItem } from '../../../utils/account/secrets';
import { createRouter } from '../../../utils/protocol/receive';
import type { PageReplies } from '../../../utils/protocol/replies';
import { AT, entryOf, outcomeOf } from '../../journal-builders';
import { freshProfile } from './fresh-profile';

/** The spending history as the background answers it: the current account's journal, with the library's titles. */
const TOKEN = 'demo-pro-token';
const EXT = 'abcdefghijklmnopabcdefghijklmnop';

async function background() {
  await freshProfile(TOKEN);
  const core = createCoreAndTill();
  const { handlers } = createServices({ core });
  return { core, handlers, account: await accountKey(TOKEN) };
}

const unknown = outcomeOf({ state: 'unknown', delivered: [], code: 'timeout', message: 'Too long.' });

describe('background: the spending history', () => {
  it("answers the current account's journal newest first, with the titles the library knows", async () => {
    const { core, handlers, account } = await background();
    await core.keeper.put('transcript', 'tvaHuman001:en', {
      status: 'ok',
      videoId: 'tvaHuman001',
      fetchedAt: 1,
      title: 'Distributed Systems',
      author: 'TVA',
      language: 'English',
      languageCode: 'en',
      isGenerated: false,
      text: 'hello',
      segments: [{ text: 'hello', start: 0, duration: 1 }],
    });
    await journalStore.open(entryOf({ id: 'old', account }));
    await journalStore.open(entryOf({ id: 'new', account, at: AT + 5, subject: { ids: ['tvaSpanish1'] } }));
    await journalStore.open(entryOf({ id: 'theirs', account: 'someone-else' }));

    const reply = await handlers.page({ type: 'spending.history' });
    expect(reply.ok).toBe(true);
    const data = (reply.ok ? reply.data : null) as PageReplies['spending.history'];
    expect(data.entries.map((e) => e.id)).toEqual(['new', 'old']);
    expect(data.titles).toEqual({ tvaHuman001: 'Distributed Systems' });
    expect(data).toMatchObject({ hasAccount: true, tokenHint: '…oken' });
  });

  it('counts the open unknown outcomes for the popup (settled ones and other outcomes not)', async () => {
    const { handlers, account } = await background();
    await journalStore.open(entryOf({ id: 'a', account, outcome: unknown }));
    await journalStore.open(entryOf({ id: 'b', account, outcome: unknown, resolvedAt: AT + 9 }));
    await journalStore.open(entryOf({ id: 'c', account }));
    await journalStore.open(entryOf({ id: 'd', account: 'someone-else', outcome: unknown }));
    expect(await handlers.page({ type: 'spending.unknown' })).toEqual({ ok: true, data: { count: 1 } });
  });

  it('has nothing to show without a token', async () => {
    const { handlers } = await background();
    await tokenItem.setValue('');
    expect(await handlers.page({ type: 'spending.history' })).toEqual({
      ok: true,
      data: { hasAccount: false, tokenHint: null, entries: [], titles: {} },
    });
  });

  it('is a page message: a content script on YouTube cannot read the journal', async () => {
    const { handlers } = await background();
    const route = createRouter(handlers, EXT, `chrome-extension://${EXT}/`);
    const youtube = { id: EXT, url: 'https://www.youtube.com/watch?v=tvaHuman001', tab: { id: 3 } };
    const reply = await route({ type: 'spending.history' }, { ...youtube, tab: { ...youtube.tab, url: youtube.url } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad_message' } });
    const page = await route({ type: 'spending.history' }, { id: EXT, url: `chrome-extension://${EXT}/spending.html` });
    expect(page.ok).toBe(true);
  });
});
