import { useEffect, useMemo, useState } from 'preact/hooks';
import type { PanelTab } from '../../../utils/panel/url';
import { readToFrame } from '../../../utils/protocol/frame';
import { Panel } from '../../Panel';
import { ErrorAlert } from '../../page/ErrorAlert';
import { notePersonInput } from '../../transcript/useAutoLoad';
import { disconnected } from '../background-line';
import { LAZY_VIEWS } from '../LazyTabs';
import { createFramePlayer } from './frame-player';
import type { PageLine } from './page-line';
import { updatePageView } from './page-view';
import { useNamedVideo } from './useNamedVideo';

/**
 * Tells the content script how tall the panel is, whenever that changes: the frame is sized to it. A height it
 * has already (0 at first: the page's stylesheet gives the frame none) is not sent: each one styles the page again.
 */
function useReportHeight(line: PageLine, root: HTMLElement): void {
  useEffect(() => {
    let told = 0;
    const observer = new ResizeObserver((entries) => {
      const box = entries.at(-1)?.borderBoxSize?.[0];
      const px = box ? box.blockSize : root.getBoundingClientRect().height;
      if (px === told) return;
      told = px;
      line.post({ t: 'height', px });
    });
    observer.observe(root);
    return () => observer.disconnect();
  }, [line, root]);
}

/**
 * The panel as its frame shows it: the video, the player and the page's pushes come from the content script over
 * `line` (utils/protocol/frame.ts); everything else is the panel of components/Panel.tsx, talking to the
 * background itself.
 */
export function FramePanel({ line, root }: { line: PageLine; root: HTMLElement }) {
  const player = useMemo(() => createFramePlayer((seconds) => line.post({ t: 'seek', seconds })), [line]);
  const [video, setVideo] = useNamedVideo();
  const [refreshKey, setRefreshKey] = useState(0);
  const [toggleKey, setToggleKey] = useState(0);
  const [requestedTab, setRequestedTab] = useState<PanelTab | null>(null);
  const [gone, setGone] = useState(false);
  // The views read the player's length and state as they render: a change of them draws the panel again.
  const [, setPlayerChanges] = useState(0);

  useEffect(() => {
    const html = document.documentElement;
    const onMessage = (raw: unknown) => {
      const message = readToFrame(raw);
      if (!message) return;
      switch (message.t) {
        case 'video':
          setVideo(message);
          setRequestedTab(message.tab);
          break;
        case 'player':
          if (player.update(message.state)) setPlayerChanges((n) => n + 1);
          break;
        case 'refresh':
          setRefreshKey((k) => k + 1);
          break;
        case 'toggle':
          setToggleKey((k) => k + 1);
          break;
        case 'tab':
          setRequestedTab(message.tab);
          break;
        case 'theme':
          html.dataset.theme = message.theme;
          break;
        case 'viewport':
          html.style.setProperty('--tl-tabpanel-max', `${Math.round(message.px * 0.6)}px`);
          break;
        case 'view':
          updatePageView(message);
          break;
        case 'input':
          notePersonInput();
          break;
      }
    };
    return line.listen(onMessage, () => setGone(true));
  }, [line, player, setVideo]);
  useReportHeight(line, root);

  if (gone) return <ErrorAlert error={disconnected()} />;
  if (!video) return null;
  return (
    <Panel
      key={video.videoId}
      videoId={video.videoId}
      send={video.send}
      player={player}
      refreshKey={refreshKey}
      requestedTab={requestedTab}
      toggleKey={toggleKey}
      title={video.title}
      knownPrefs={video.prefs}
      views={LAZY_VIEWS}
    />
  );
}
