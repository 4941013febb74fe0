// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { AnalysisView } from '../../components/analysis/AnalysisView';
import { AskView } from '../../components/ask/AskView';
import { Panel } from '../../components/Panel';
import type { PlayerBridge } from '../../components/player';
import type { PanelPrefs } from '../../utils/panel-prefs';
import { fakeSend } from './kit';

afterEach(cleanup);

const player: PlayerBridge = {
  duration: () => Number.NaN,
  currentTime: () => 0,
  seek: () => {},
  onTime: () => () => {},
};

// The storage read a panel makes of its own never answers here: whatever is asked for, is asked without it.
beforeEach(() => {
  vi.spyOn(browser.storage.sync, 'get').mockImplementation(() => new Promise<never>(() => {}));
});

function renderPanel(knownPrefs?: PanelPrefs) {
  const fake = fakeSend({});
  render(
    <Panel
      videoId="tvaHuman001"
      send={fake.send}
      player={player}
      refreshKey={0}
      requestedTab={null}
      toggleKey={0}
      title={null}
      knownPrefs={knownPrefs}
      views={{ Analysis: AnalysisView, Ask: AskView }}
    />,
  );
  return fake;
}

describe('a panel given the preferences the page already read', () => {
  it('shows its tabs and asks for the saved transcript at once', async () => {
    const fake = renderPanel({ collapsed: false, placement: 'column' });
    expect(screen.getByRole('tab', { name: 'Transcript' })).toBeTruthy();
    await waitFor(() => expect(fake.of('transcript.get')).toHaveLength(1));
  });

  it('stays collapsed, asking for no transcript, when the person collapsed it', async () => {
    const fake = renderPanel({ collapsed: true, placement: 'column' });
    await waitFor(() => expect(fake.of('panel.context')).toHaveLength(1));
    expect(screen.queryByRole('tab', { name: 'Transcript' })).toBeNull();
    expect(fake.of('transcript.get')).toHaveLength(0);
  });

  it('does not read them again (one storage read per watch page, the page’s)', async () => {
    const fake = renderPanel({ collapsed: false, placement: 'column' });
    await waitFor(() => expect(fake.of('transcript.get')).toHaveLength(1));
    expect(browser.storage.sync.get).not.toHaveBeenCalled();
  });

  it('without them, waits for its own read before showing the tabs (so a collapsed panel never flashes open)', async () => {
    const fake = renderPanel();
    await waitFor(() => expect(fake.of('panel.context')).toHaveLength(1));
    expect(screen.queryByRole('tab', { name: 'Transcript' })).toBeNull();
    expect(fake.of('transcript.get')).toHaveLength(0);
    expect(browser.storage.sync.get).toHaveBeenCalled();
  });
});
