// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownPages } from '../../components/page/open-page';
import { LibraryApp } from '../../entrypoints/library/LibraryApp';
import { App as Options } from '../../entrypoints/options/App';
import { App as Popup } from '../../entrypoints/popup/App';
import { DEFAULT_SETTINGS } from '../../utils/settings';
import { fakePageSend, okReply, type PageFakes } from './kit';
import { account } from './popup.setup';

afterEach(cleanup);

function popup(handlers: PageFakes = {}) {
  const fake = fakePageSend({
    'settings.get': () => okReply({ settings: DEFAULT_SETTINGS, hasToken: true }),
    'account.get': () => okReply(account()),
    'jobs.list': () => okReply([]),
    ...handlers,
  });
  const openSpending = vi.fn();
  render(<Popup send={fake.send} pages={{ ...ownPages, openSpending }} listen={() => () => {}} />);
  return { ...fake, openSpending };
}

describe('the spending history is one click away', () => {
  it('from the popup, next to Library', async () => {
    const { openSpending } = popup({ 'spending.unknown': () => okReply({ count: 0 }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Spending' }));
    expect(openSpending).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/may have been charged/)).toBeNull();
  });

  it('from the popup line that counts purchases that may have been charged', async () => {
    const { openSpending, of } = popup({ 'spending.unknown': () => okReply({ count: 2 }) });
    fireEvent.click(await screen.findByRole('button', { name: '2 purchases may have been charged' }));
    expect(openSpending).toHaveBeenCalledTimes(1);
    expect(of('spending.unknown')).toHaveLength(1);
    cleanup();
    popup({ 'spending.unknown': () => okReply({ count: 1 }) });
    expect(await screen.findByRole('button', { name: '1 purchase may have been charged' })).toBeTruthy();
  });

  it('from the options page', async () => {
    const fake = fakePageSend({
      'settings.get': () => okReply({ settings: DEFAULT_SETTINGS, hasToken: true }),
      'cache.usage': () =>
        okReply({
          bytes: 0,
          entries: 0,
          budgetBytes: 1,
          transcripts: { entries: 0, bytes: 0 },
          kept: { entries: 0, bytes: 0 },
        }),
    });
    const openSpending = vi.fn();
    render(<Options send={fake.send} pages={{ ...ownPages, openSpending }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open the spending history' }));
    expect(openSpending).toHaveBeenCalledTimes(1);
  });

  it('from the library header', async () => {
    const fake = fakePageSend({ 'library.list': () => okReply({ items: [], hasAccount: true }) });
    render(<LibraryApp send={fake.send} save={() => {}} copy={async () => {}} listHeight={300} />);
    await waitFor(() => expect(fake.of('library.list')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Spending' }).getAttribute('href')).toBe('/spending.html');
  });
});
