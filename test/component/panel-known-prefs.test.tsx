// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { render as renderNow } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { AnalysisView } from '../../components/analysis/AnalysisView';
import { AskView } from '../../components/ask/AskView';
import { Panel } from '../../components/Panel';
import type { PanelPrefs } from '../../utils/panel/prefs';
import type { TranscriptOk } from '../../utils/panel/replies';
import type { Send } from '../../utils/protocol/send';
import { panelContext } from '../builders';
import { type ContentFakes, fakeSend, okReply, stillPlayer } from './kit';

afterEach(cleanup);

const player = stillPlayer();

// The storage read a panel makes of its own never answers here: whatever is asked for, is asked without it.
beforeEach(() => {
  vi.spyOn(browser.storage.sync, 'get').mockImplementation(() => new Promise<never>(() => {}));
});

/** The panel of one watch page, sending with `send`. */
const panelOf = (send: Send, knownPrefs?: PanelPrefs) => (
  <Panel
    videoId="tvaHuman001"
    send={send}
    player={player}
    refreshKey={0}
    requestedTab={null}
    toggleKey={0}
    title={null}
    knownPrefs={knownPrefs}
    views={{ Analysis: AnalysisView, Ask: AskView }}
  />
);

function renderPanel(knownPrefs?: PanelPrefs, fakes: ContentFakes = {}) {
  const fake = fakeSend(fakes);
  render(panelOf(fake.send, knownPrefs));
  return fake;
}

describe('a panel given the preferences the page already read', () => {
  it('shows its tabs and asks for the saved transcript at once', async () => {
    const fake = renderPanel({ collapsed: false, placement: 'column' });
    expect(screen.getByRole('tab', { name: 'Transcript' })).toBeTruthy();
    await waitFor(() => expect(fake.of('transcript.get')).toHaveLength(1));
  });

  it('asks for its first screen in one message and draws the saved transcript from its answer, asking nothing twice', async () => {
    const saved: TranscriptOk = {
      status: 'ok',
      videoId: 'tvaHuman001',
      requestedLang: 'es',
      fellBack: false,
      fromCache: true,
      fetchedAt: 0,
      title: 'A talk',
      author: 'Someone',
      language: 'Español',
      languageCode: 'es',
      isGenerated: false,
      text: 'Hola a todos',
      segments: [{ text: 'Hola a todos', start: 0, duration: 4 }],
    };
    const fake = renderPanel(
      { collapsed: false, placement: 'column' },
      {
        'panel.open': () =>
          okReply({
            context: panelContext({ language: 'es' }),
            lang: 'es',
            transcript: saved,
            notes: { videoId: 'tvaHuman001', items: [] },
          }),
        'transcript.get': () => okReply(saved),
      },
    );
    expect(await screen.findByRole('button', { name: /^0:00 Hola a todos/ })).toBeTruthy();
    expect(fake.of('panel.open')).toEqual([{ type: 'panel.open', videoId: 'tvaHuman001' }]);
    expect(fake.of('transcript.get')).toHaveLength(0);
    expect(fake.of('panel.context')).toHaveLength(0);
  });

  it('asks as it is put into the page, not a frame later (the saved transcript comes that much sooner)', () => {
    const fake = fakeSend({});
    const root = document.createElement('div');
    // Preact's own render, with no act() to run the effects it leaves for after the next frame.
    renderNow(panelOf(fake.send, { collapsed: false, placement: 'column' }), root);
    expect(fake.of('panel.open')).toEqual([{ type: 'panel.open', videoId: 'tvaHuman001' }]);
    renderNow(null, root);
  });

  it('without an answer to its first message, the Transcript tab asks for itself', async () => {
    const fake = renderPanel({ collapsed: false, placement: 'column' });
    await waitFor(() => expect(fake.of('transcript.get')).toHaveLength(1));
    expect(fake.of('panel.open')).toHaveLength(1);
  });

  it('stays collapsed, asking for no transcript, when the person collapsed it', async () => {
    const fake = renderPanel({ collapsed: true, placement: 'column' });
    await waitFor(() => expect(fake.of('panel.context')).toHaveLength(1));
    expect(screen.queryByRole('tab', { name: 'Transcript' })).toBeNull();
    expect(fake.of('transcript.get')).toHaveLength(0);
    expect(fake.of('panel.open')).toHaveLength(0);
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
