// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { LibraryApp } from '../../entrypoints/library/LibraryApp';
import type { LibraryList } from '../../utils/library/replies';
import { ID, itemOf } from '../library-builders';
import { errReply, fakePageSend, okReply } from './kit';

afterEach(cleanup);

const OTHER = 'tvaSpanish1';
const early: LibraryList = { items: [itemOf()], hasAccount: true };
const videoRows = () => screen.queryByRole('region', { name: 'Videos' })?.querySelectorAll('.video') ?? [];

/** The page asks for its list as it starts (main.tsx), before the messages load and the app first draws. */
describe('library: the list asked for as the page starts', () => {
  it('is the one shown, and the app does not ask again', async () => {
    const fake = fakePageSend({ 'library.list': () => okReply({ items: [], hasAccount: true }) });
    render(
      <LibraryApp
        send={fake.send}
        firstList={Promise.resolve(okReply(early))}
        save={() => undefined}
        copy={async () => {}}
        listHeight={600}
      />,
    );
    await waitFor(() => expect(videoRows()).toHaveLength(1));
    expect(videoRows()[0]?.getAttribute('data-video-id')).toBe(ID);
    expect(fake.of('library.list')).toHaveLength(0);
  });

  it('already answered as the page first draws, its rows are in that first draw', () => {
    const fake = fakePageSend({ 'library.list': () => okReply({ items: [], hasAccount: true }) });
    // The ask never settles here: the rows can only come from what was handed in.
    render(
      <LibraryApp
        send={fake.send}
        firstList={new Promise(() => undefined)}
        listed={early}
        save={() => undefined}
        copy={async () => {}}
        listHeight={600}
      />,
    );
    expect(videoRows()).toHaveLength(1);
    expect(videoRows()[0]?.getAttribute('data-video-id')).toBe(ID);
    expect(fake.of('library.list')).toHaveLength(0);
  });

  it('failed, is asked again once the page is drawn, and that answer is shown', async () => {
    const fake = fakePageSend({
      'library.list': () => okReply({ items: [itemOf({ videoId: OTHER })], hasAccount: true }),
    });
    render(
      <LibraryApp
        send={fake.send}
        firstList={Promise.resolve(errReply('disconnected', 'background.reply.disconnected'))}
        save={() => undefined}
        copy={async () => {}}
        listHeight={600}
      />,
    );
    await waitFor(() => expect(videoRows()).toHaveLength(1));
    expect(videoRows()[0]?.getAttribute('data-video-id')).toBe(OTHER);
    expect(fake.of('library.list')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

/** The page's first ask takes only its first screen (main.tsx): the rest follows once that is drawn. */
describe('library: the first screen first', () => {
  it("draws the first screen with the whole list's count, holds back what acts on the whole, then shows all", async () => {
    const all = ['tvaFirst001', 'tvaFirst002', 'tvaFirst003'].map((videoId) => itemOf({ videoId }));
    let answer: (list: LibraryList) => void = () => undefined;
    const whole = new Promise<LibraryList>((resolve) => {
      answer = resolve;
    });
    const fake = fakePageSend({ 'library.list': async () => okReply(await whole) });
    const first: LibraryList = { items: all.slice(0, 1), hasAccount: true, more: { count: 3, bytes: 9_600 } };
    render(
      <LibraryApp
        send={fake.send}
        firstList={Promise.resolve(okReply(first))}
        save={() => undefined}
        copy={async () => {}}
        listHeight={600}
      />,
    );
    await waitFor(() => expect(videoRows()).toHaveLength(1));
    expect(screen.getByText(/3 videos held in this browser/)).toBeTruthy();
    const filters = () => document.querySelector('fieldset.filters') as HTMLFieldSetElement;
    expect(filters().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Export JSON' }) as HTMLButtonElement).disabled).toBe(true);
    const selectAll = () => screen.getByRole('checkbox', { name: 'Select all shown' }) as HTMLInputElement;
    expect(selectAll().disabled).toBe(true);
    // The rest is asked at once, whole (no `first`), and only once.
    await waitFor(() => expect(fake.of('library.list')).toEqual([{ type: 'library.list' }]));

    answer({ items: all, hasAccount: true });
    await waitFor(() => expect(videoRows()).toHaveLength(3));
    expect(filters().disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Export JSON' }) as HTMLButtonElement).disabled).toBe(false);
    expect(selectAll().disabled).toBe(false);
    expect(fake.of('library.list')).toHaveLength(1);
  });
});
