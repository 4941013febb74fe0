import { useEffect, useState } from 'preact/hooks';
import { type PanelPlacement, type PanelPrefs, readPanelPrefs } from '../utils/panel/prefs';

/**
 * Whether the panel is collapsed and where it is placed: as the page already read them, else read here (a second
 * storage read on every watch page otherwise). Collapsed is null until known, so a collapsed panel does not
 * flash open on load.
 */
export function usePanelPrefs(knownPrefs: PanelPrefs | null | undefined) {
  const [collapsed, setCollapsed] = useState<boolean | null>(knownPrefs?.collapsed ?? null);
  const [placement, setPlacement] = useState<PanelPlacement>(knownPrefs?.placement ?? 'column');
  const known = knownPrefs != null;
  useEffect(() => {
    if (known) return;
    void readPanelPrefs().then((prefs) => {
      setCollapsed(prefs.collapsed);
      setPlacement(prefs.placement);
    });
  }, [known]);
  return { collapsed, setCollapsed, placement };
}
