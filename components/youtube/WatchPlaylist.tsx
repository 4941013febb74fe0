import { useEffect, useRef, useState } from 'preact/hooks';
import { catalogueSnapshot, t } from '../../utils/i18n/catalogue';
import { disconnected, listenBroadcasts, send } from './background-line';
import { loadChannelModule } from './lazy';

/**
 * On a watch page with `list=`: the playlist's bulk view, folded under the video's panel. Only this fold is in what
 * every page loads; opening it loads the channel module (lazy.ts), which renders into the fold with its own Preact.
 * Opening it spends nothing: the view prices first and buys through the Transcript Lens window.
 */
export function WatchPlaylist({ playlist }: { playlist: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = root.current;
    if (!open || !target) return;
    let clear: ((root: HTMLElement) => void) | null = null;
    let live = true;
    loadChannelModule().then(
      (module) => {
        if (!live) return;
        clear = module.clear;
        module.show(target, playlist, send, listenBroadcasts, catalogueSnapshot(), true);
      },
      () => {
        if (live) target.textContent = disconnected().message;
      },
    );
    return () => {
      live = false;
      clear?.(target);
    };
  }, [open, playlist]);
  return (
    <details class="tl-watch-list" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('panel.playlistFold')}</summary>
      <div ref={root} />
    </details>
  );
}
