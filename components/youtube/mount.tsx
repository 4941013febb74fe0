import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { playlistFromPageUrl } from '../../utils/channel/playlist-ref';
import { channelFromPageUrl } from '../../utils/channel/ref';
import { onPanelPrefsChange, type PanelPlacement, type PanelPrefs } from '../../utils/panel/prefs';
import { videoIdFromPageUrl } from '../../utils/video-id';
import { columnPending, findAnchor } from './anchor';
import { readPanelStart } from './frame-height';
import type { CreateUi } from './modules';
import { observePage } from './observer';
import { createPanelContent } from './panel-content';
import { createPanelHost, type PanelHost } from './panel-host';
import { decidePlacement, type SeenPage } from './placement';
import { createPlayerBridge } from './player';

/**
 * Keeps exactly one panel on the page while the URL is a video or channel page: mounts it in the best anchor
 * (panel-host.ts), re-renders on in-page navigation (panel-content.tsx), re-mounts it when YouTube removes it or a
 * better anchor appears (observer.ts), and removes it on other pages.
 */
export function createPanelMount(ctx: ContentScriptContext, createUi: CreateUi) {
  let videoId: string | null = null;
  let channel: string | null = null;
  /** The person's choice, once read: nothing is placed before it is known, so the panel lands once. */
  let wanted: PanelPlacement | null = null;
  /** The panel's preferences as last read or changed: each new panel starts from them (Panel's knownPrefs). */
  let prefs: PanelPrefs | null = null;
  /** The first height the last page's frame reported, read with the preferences (frame-height.ts). */
  let firstHeight: number | null = null;
  /** The URL the last placement that did not keep the panel saw, and since when: for the hydration grace. */
  let pageSince: SeenPage = { href: '', at: 0 };
  let graceTimer: ReturnType<typeof setTimeout> | null = null;
  const player = createPlayerBridge(document);
  const content = createPanelContent(() => host.root(), player);
  const host = createPanelHost(ctx, createUi, content);
  const renderPanel = () => content.draw({ videoId, channel, prefs, firstHeight });

  const sync = () => {
    if (!ctx.isValid) return;
    videoId = videoIdFromPageUrl(location.href);
    // A playlist page is shown like a channel page: the bulk view, in the lazily loaded module.
    channel = videoId ? null : (channelFromPageUrl(location.href) ?? playlistFromPageUrl(location.href));
    if (!videoId && !channel) {
      host.unmount();
      return;
    }
    // Follow the player's ads from the start: a stitched pre-roll is measured while it plays.
    if (videoId) player.track();
    // Nothing is placed before the person's choice is read (decidePlacement waits): no need to look at the page.
    if (wanted === null) return;
    const now = host.state();
    const best = findAnchor(document, { onChannel: channel !== null, wanted });
    const page = channel === null ? 'video' : 'channel';
    const decision = decidePlacement({
      wanted,
      page,
      watchPage: location.pathname === '/watch',
      best: best.placement,
      ...now,
      href: location.href,
      now: Date.now(),
      seen: pageSince,
      columnPending: () => columnPending(document),
    });
    pageSince = decision.seen;
    if (decision.kind === 'keep') {
      renderPanel();
    } else if (decision.kind === 'wait') {
      const retryIn = decision.retryInMs;
      if (retryIn !== null && graceTimer === null) {
        graceTimer = setTimeout(() => {
          graceTimer = null;
          sync();
        }, retryIn);
      }
    } else {
      // The anchor just found: looking again would style the page once more for the same answer, so the check
      // the host's own insertion would ask for (a frame, its styles read) is marked done for this URL.
      host.placeAt(best, page, () => {
        renderPanel();
        watching.checked();
      });
    }
  };

  const watching = watchPage(ctx, host, sync);
  const stopPrefs = onPanelPrefsChange((next) => {
    prefs = next;
    wanted = next.placement;
    sync();
  });
  void readPanelStart().then((read) => {
    firstHeight = read.firstHeight;
    prefs ??= read.prefs;
    wanted ??= read.prefs.placement;
    sync();
  });
  ctx.onInvalidated(() => {
    watching.stop();
    stopPrefs();
    if (graceTimer !== null) clearTimeout(graceTimer);
    host.unmount();
  });

  return {
    sync,
    /** The interface language changed (and its catalogue is loaded): the panel is drawn again in it. */
    retranslate() {
      if (content.relocalize()) renderPanel();
    },
    /** The window changed size or went fullscreen: the column may have come or gone. */
    relayout() {
      watching.unsettle();
      host.applyFullscreen();
      sync();
    },
  };
}

/** Runs `sync` again when YouTube changes the page, unless the panel is in place and was checked for this URL. */
function watchPage(ctx: ContentScriptContext, host: PanelHost, sync: () => void) {
  /** The URL the full check last ran for with the panel in place ('' when it was not in place). */
  let settledAt = '';
  /** In place, and the full check ran for this URL: navigation changes the URL, then it runs once more. */
  const settled = (): boolean => host.inPlace() && settledAt === location.href;
  const stop = observePage(ctx, settled, () => {
    settledAt = host.inPlace() ? location.href : '';
    const href = location.href;
    if (videoIdFromPageUrl(href) || channelFromPageUrl(href) || playlistFromPageUrl(href)) sync();
  });
  /** The window changed: the next burst of page changes checks again. */
  const unsettle = () => {
    settledAt = '';
  };
  /** The full check just ran and placed the panel: its own insertion needs no other. */
  const checked = () => {
    settledAt = host.inPlace() ? location.href : '';
  };
  return { stop, unsettle, checked };
}
