import type { ComponentType } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { t } from '../utils/i18n/catalogue';
import { type PanelPlacement, type PanelPrefs, readPanelPrefs, writePanelPrefs } from '../utils/panel/prefs';
import type { PanelContext, TranscriptLookup } from '../utils/panel/replies';
import type { PanelTab } from '../utils/panel/url';
import type { Send } from '../utils/protocol/send';
import type { AnalysisViewProps } from './analysis/AnalysisView';
import type { AskViewProps } from './ask/AskView';
import { useReportLength } from './hooks/useReportLength';
import type { PlayerBridge } from './player';
import { Tabs } from './Tabs';
import { TranscriptView } from './transcript/TranscriptView';

// Built at render: the words follow the interface language.
const tabs = () =>
  [
    { key: 'transcript', label: t('common.tab.transcript') },
    { key: 'analysis', label: t('common.tab.analysis') },
    { key: 'ask', label: t('common.tab.ask') },
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
  const [tab, setTab] = useState<PanelTab>(requestedTab ?? 'transcript');
  // Unknown until the stored preference is read, so a collapsed panel does not flash open on load.
  const [collapsed, setCollapsed] = useState<boolean | null>(knownPrefs?.collapsed ?? null);
  const [placement, setPlacement] = useState<PanelPlacement>(knownPrefs?.placement ?? 'column');
  const [context, setContext] = useState<PanelContext | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  /**
   * The transcript the first answer brought, for the Transcript tab shown with it; null once another tab is
   * chosen (a later view asks afresh: a price shown must be current).
   */
  const [first, setFirst] = useState<{ lang: string; lookup: TranscriptLookup } | null>(null);
  /** Until the first answer is in, the Transcript tab waits for it rather than asking (and drawing) twice. */
  const [opening, setOpening] = useState(true);
  const opened = useRef(false);
  // Whether the Transcript tab is on screen now: only a view drawn with the answer is given it.
  const transcriptShown = useRef(false);
  transcriptShown.current = collapsed === false && tab === 'transcript';
  const tabNow = useRef(tab);
  tabNow.current = tab;
  useReportLength(videoId, player, send);

  // Read here only when the page did not read them already: a second storage read on every watch page.
  const known = knownPrefs != null;
  useEffect(() => {
    if (known) return;
    void readPanelPrefs().then((prefs) => {
      setCollapsed(prefs.collapsed);
      setPlacement(prefs.placement);
    });
  }, [known]);

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

  // A layout effect: the question leaves as the panel is put into the page, not after the next frame (where
  // Preact runs plain effects), so the saved transcript comes a frame sooner on every video page and navigation.
  useLayoutEffect(() => {
    let live = true;
    // The first screen's context and transcript in one round trip, drawn in one render (panel.open); a
    // collapsed panel, or one on another tab, asks for the context alone, as it shows no transcript.
    if (!opened.current && transcriptShown.current) {
      void send({ type: 'panel.open', videoId }).then((reply) => {
        if (!live) return;
        opened.current = true;
        if (reply.ok) {
          setContext(reply.data.context);
          if (transcriptShown.current) setFirst({ lang: reply.data.lang, lookup: reply.data.transcript });
          setLinkError(null);
        } else setLinkError(reply.error.message);
        // Without an answer the Transcript tab asks for itself, as it does after any other change.
        setOpening(false);
      });
    } else {
      void send({ type: 'panel.context', videoId }).then((reply) => {
        if (!live) return;
        opened.current = true;
        setOpening(false);
        if (reply.ok) {
          setContext(reply.data);
          setLinkError(null);
        } else setLinkError(reply.error.message);
      });
    }
    return () => {
      live = false;
    };
  }, [videoId, send, refreshKey]);

  // Each video opens on its transcript (or the tab asked for); only collapsing is remembered.
  const select = (key: PanelTab) => {
    if (key !== tab) setFirst(null);
    setTab(key);
  };

  const language = context?.language ?? 'en';
  const autoLoad = context?.autoLoad ?? false;
  // Kept while its inputs stay: a new context (the plan, balances) does not draw the transcript's list again.
  const transcript = useMemo(
    () =>
      opening ? (
        <p role="status" class="tl-muted">
          {t('panel.tr.checking')}
        </p>
      ) : (
        <TranscriptView
          videoId={videoId}
          send={send}
          player={player}
          language={language}
          autoLoad={autoLoad}
          refreshKey={refreshKey}
          focusKey={toggleKey}
          first={first}
        />
      ),
    [opening, videoId, send, player, language, autoLoad, refreshKey, toggleKey, first],
  );

  return (
    <section class="tl-panel" aria-label={t('panel.product')} data-collapsed={collapsed}>
      <header class="tl-header">
        <h2 class="tl-title">{t('panel.product')}</h2>
        <span class="tl-video" data-testid="video-id">
          {t('panel.video')} <code dir="ltr">{videoId}</code>
        </span>
        <span class="tl-link" data-state={context ? 'connected' : linkError ? 'error' : 'connecting'}>
          {context ? t('panel.connected') : linkError ? '' : t('panel.connecting')}
        </span>
        <button
          type="button"
          class="tl-library"
          title={t('panel.libraryHint')}
          onClick={() => void send({ type: 'library.open' })}
        >
          {t('common.library')}
        </button>
        <button
          type="button"
          class="tl-collapse tl-move"
          title={placement === 'floating' ? t('panel.toColumn') : t('panel.toFloat')}
          aria-label={placement === 'floating' ? t('panel.toColumn') : t('panel.toFloat')}
          // The page places the panel again when the choice is stored (entrypoints/youtube.content/mount.tsx).
          onClick={() => void writePanelPrefs({ placement: placement === 'floating' ? 'column' : 'floating' })}
        >
          {placement === 'floating' ? '⇲' : '⇱'}
        </button>
        <button
          type="button"
          class="tl-collapse"
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('panel.expand') : t('panel.collapse')}
          onClick={toggle}
        >
          {collapsed ? '▸' : '▾'}
        </button>
      </header>
      {linkError && (
        <p role="alert" class="tl-error">
          {linkError}
        </p>
      )}
      {context && !context.hasToken && <p class="tl-note">{t('panel.noToken')}</p>}
      {collapsed === false && (
        <Tabs tabs={tabs()} active={tab} onSelect={select} idPrefix="tl">
          {tab === 'transcript' && transcript}
          {tab === 'analysis' && (
            <views.Analysis
              videoId={videoId}
              send={send}
              player={player}
              refreshKey={refreshKey}
              title={title ?? undefined}
            />
          )}
          {tab === 'ask' && (
            <views.Ask
              videoId={videoId}
              send={send}
              player={player}
              refreshKey={refreshKey}
              onOpenAnalysis={() => select('analysis')}
            />
          )}
        </Tabs>
      )}
    </section>
  );
}
