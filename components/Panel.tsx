import './controls.css';
import type { ComponentType } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../utils/i18n/catalogue';
import { type PanelPrefs, writePanelPrefs } from '../utils/panel/prefs';
import type { PanelTab } from '../utils/panel/url';
import type { Send } from '../utils/protocol/send';
import type { AnalysisViewProps } from './analysis/AnalysisView';
import type { AskViewProps } from './ask/AskView';
import { useReportLength } from './hooks/useReportLength';
import { NotesView } from './notes/NotesView';
import { NotesContext } from './notes/useNotes';
import { usePanelNotes } from './notes/usePanelNotes';
import { PanelHeader } from './PanelHeader';
import type { PlayerBridge } from './player';
import { Tabs } from './Tabs';
import { usePanelOpen } from './usePanelOpen';
import { usePanelPrefs } from './usePanelPrefs';
import { usePanelTranscript } from './usePanelTranscript';

// Built at render: the words follow the interface language.
const tabs = () =>
  [
    { key: 'transcript', label: t('common.tab.transcript') },
    { key: 'analysis', label: t('common.tab.analysis') },
    { key: 'ask', label: t('common.tab.ask') },
    { key: 'notes', label: t('common.tab.notes') },
  ] as const;

/**
 * The Analysis and Ask tabs' bodies: on a YouTube page they load when first opened
 * (components/youtube/LazyTabs.tsx), so what every watch page loads stays small.
 */
export type PanelViews = { Analysis: ComponentType<AnalysisViewProps>; Ask: ComponentType<AskViewProps> };

export type PanelProps = {
  videoId: string;
  send: Send;
  player: PlayerBridge;
  /** Bumped by the host when the background says this video's analysis changed. */
  refreshKey: number;
  /** A tab asked for from outside (URL hash, popup, notification); applied when it changes. */
  requestedTab: PanelTab | null;
  /** Bumped by the keyboard command. */
  toggleKey: number;
  title: string | null;
  /**
   * The preferences the page already read (the content script reads them before placing the panel): the tabs
   * show and the transcript is asked for at the first render, not after another storage read.
   */
  knownPrefs?: PanelPrefs | null;
  views: PanelViews;
};

const languageOf = (context: { language: string; autoLoad: boolean } | null) => ({
  language: context?.language ?? 'en',
  autoLoad: context?.autoLoad ?? false,
});

export function Panel({
  videoId,
  send,
  player,
  refreshKey,
  requestedTab,
  toggleKey,
  title,
  knownPrefs,
  views,
}: PanelProps) {
  useReportLength(videoId, player, send);
  const [tab, setTab] = useState<PanelTab>(requestedTab ?? 'transcript');
  const { collapsed, setCollapsed, placement } = usePanelPrefs(knownPrefs);
  // Whether the Transcript tab is on screen now: only a view drawn with the answer is given it.
  const transcriptShown = useRef(false);
  transcriptShown.current = collapsed === false && tab === 'transcript';
  const tabNow = useRef(tab);
  tabNow.current = tab;
  const { context, lineError, first, setFirst, opening } = usePanelOpen(videoId, send, refreshKey, transcriptShown);

  // A tab asked for from outside (a link's hash, a notification) only selects the tab: the page can set a
  // hash, so it never opens a panel the person collapsed.
  useEffect(() => {
    if (!requestedTab) return;
    if (requestedTab !== tabNow.current) setFirst(null);
    setTab(requestedTab);
  }, [requestedTab]);

  const toggle = useCallback(() => {
    setFirst(null);
    setCollapsed((was) => {
      void writePanelPrefs({ collapsed: !was });
      return !was;
    });
  }, []);

  useEffect(() => {
    if (toggleKey > 0) toggle();
  }, [toggleKey, toggle]);

  // Each video opens on its transcript (or the tab asked for); only collapsing is remembered.
  const select = (key: PanelTab) => {
    if (key !== tab) setFirst(null);
    setTab(key);
  };

  const shown = { videoId, send, player, refreshKey, focusKey: toggleKey, first, ...languageOf(context) };
  const transcript = usePanelTranscript(opening, shown);
  const { notes, onKeyDown } = usePanelNotes({ videoId, title, send, player, open: collapsed === false, select });
  // What the Analysis and Ask views are both handed.
  const view = { videoId, send, player, refreshKey, notes };

  return (
    <NotesContext.Provider value={notes}>
      <section class="tl-panel" aria-label={t('panel.product')} data-collapsed={collapsed} onKeyDown={onKeyDown}>
        <PanelHeader
          videoId={videoId}
          line={context ? 'connected' : lineError ? 'error' : 'connecting'}
          placement={placement}
          collapsed={collapsed}
          onLibrary={() => void send({ type: 'library.open' })}
          // The page places the panel again when the choice is stored (components/youtube/mount.tsx).
          onPlacement={() => void writePanelPrefs({ placement: placement === 'floating' ? 'column' : 'floating' })}
          onToggle={toggle}
        />
        {lineError && (
          <p role="alert" class="tl-error">
            {lineError}
          </p>
        )}
        {context && !context.hasToken && <p class="tl-note">{t('panel.noToken')}</p>}
        {collapsed === false && (
          <Tabs tabs={tabs()} active={tab} onSelect={select} idPrefix="tl">
            {tab === 'transcript' && transcript}
            {tab === 'analysis' && <views.Analysis {...view} title={title ?? undefined} />}
            {tab === 'ask' && <views.Ask {...view} onOpenAnalysis={() => select('analysis')} />}
            {tab === 'notes' && <NotesView player={player} send={send} />}
          </Tabs>
        )}
      </section>
    </NotesContext.Provider>
  );
}
