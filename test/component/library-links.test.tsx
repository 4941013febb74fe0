// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalysisView } from '../../components/analysis/AnalysisView';
import { AskView } from '../../components/ask/AskView';
import { Panel } from '../../components/Panel';
import { ownPages } from '../../components/page/open-page';
import { App as Options } from '../../entrypoints/options/App';
import { App as Popup } from '../../entrypoints/popup/App';
import { DEFAULT_SETTINGS } from '../../utils/settings';
import { fakePageSend, fakeSend, okReply, stillPlayer } from './kit';

afterEach(cleanup);

const player = stillPlayer();

describe('the library is one click away', () => {
  it.each([true, false])('from the popup (token saved: %s)', async (hasToken) => {
    const fake = fakePageSend({
      'settings.get': () => okReply({ settings: DEFAULT_SETTINGS, hasToken }),
      'jobs.list': () => okReply([]),
    });
    const openLibrary = vi.fn();
    render(<Popup send={fake.send} pages={{ ...ownPages, openLibrary }} listen={() => () => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Library' }));
    expect(openLibrary).toHaveBeenCalledTimes(1);
  });

  it('from the options page', async () => {
    const fake = fakePageSend({
      'settings.get': () => okReply({ settings: DEFAULT_SETTINGS, hasToken: false }),
      'cache.usage': () =>
        okReply({
          bytes: 0,
          entries: 0,
          budgetBytes: 1,
          transcripts: { entries: 0, bytes: 0 },
          kept: { entries: 0, bytes: 0 },
        }),
    });
    const openLibrary = vi.fn();
    render(<Options send={fake.send} pages={{ ...ownPages, openLibrary }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open the library' }));
    expect(openLibrary).toHaveBeenCalledTimes(1);
  });

  it('from the panel header, through the background (a page cannot open an extension page itself)', async () => {
    const fake = fakeSend({ 'library.open': () => okReply({ opened: true }) });
    render(
      <Panel
        videoId="tvaHuman001"
        send={fake.send}
        player={player}
        refreshKey={0}
        requestedTab={null}
        toggleKey={0}
        title={null}
        views={{ Analysis: AnalysisView, Ask: AskView }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Library' }));
    await waitFor(() => expect(fake.of('library.open')).toHaveLength(1));
  });
});
