import { useEffect, useMemo, useState } from 'preact/hooks';
import { Panel } from '../../components/Panel';
import { type PanelTab, tabFromHash } from '../../utils/panel/url';
import { LAZY_VIEWS } from './LazyTabs';
import { listenBroadcasts, send } from './link';
import { pageTitle } from './page-title';
import { useProgressMarkers } from './useProgressMarkers';
import type { WatchPanelProps } from './watch-panel';

/** Connects the panel to the page: background pushes, the toggle command, the URL hash, progress-bar markers. */
export function PanelHost({ videoId, player, prefs }: WatchPanelProps) {
  const [refreshKey, setRefreshKey] = useState(0);
  const [toggleKey, setToggleKey] = useState(0);
  const [requestedTab, setRequestedTab] = useState<PanelTab | null>(() => tabFromHash(location.hash));

  useEffect(
    () =>
      listenBroadcasts((message) => {
        if (message.type === 'analysis.updated' && message.videoId === videoId) setRefreshKey((k) => k + 1);
        if (message.type === 'panel.toggle') setToggleKey((k) => k + 1);
        if (message.type === 'panel.openTab') setRequestedTab(message.tab);
      }),
    [videoId],
  );

  useProgressMarkers(videoId, player, refreshKey);
  const title = useMemo(() => pageTitle(videoId), [videoId]);

  return (
    <Panel
      videoId={videoId}
      send={send}
      player={player}
      refreshKey={refreshKey}
      requestedTab={requestedTab}
      toggleKey={toggleKey}
      title={title}
      knownPrefs={prefs}
      views={LAZY_VIEWS}
    />
  );
}
