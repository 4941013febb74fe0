import { render } from 'preact';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { playlistFromPageUrl, watchPlaylistFromPageUrl } from '../../utils/channel/playlist-ref';
import { channelFromPageUrl } from '../../utils/channel/ref';
import { catalogueSnapshot, currentLocale } from '../../utils/i18n/catalogue';
import { applyLocale } from '../../utils/i18n/load';
import { onPanelPrefsChange, type PanelPlacement, type PanelPrefs, readPanelPrefs } from '../../utils/panel/prefs';
import { videoIdFromPageUrl } from '../../utils/video-id';
import { ErrorAlert } from '../page/ErrorAlert';
import { columnPending, findAnchor, inHiddenLayout, type Placement, shown } from './anchor';
import { disconnected, listenBroadcasts, send } from './background-line';
import { keepFloating } from './floating';
import { loadChannelModule } from './lazy';
import type { CreateUi, PanelUi } from './modules';
import { PanelFrame } from './PanelFrame';
import { decidePlacement, type PageKind, type SeenPage } from './placement';
import { createPlayerBridge } from './player';
import { SELECTORS } from './selectors';
import { addStyles } from './styles';
import { watchTheme } from './theme';
import { WatchPlaylist } from './WatchPlaylist';

export const PANEL_TAG = 'transcript-lens-panel';
const SHADOW_MODE: ShadowRootMode = import.meta.env.MODE === 'production' ? 'closed' : 'open';

const clearPanel = (root: HTMLElement) => render(null, root);

type Ui = PanelUi;

/**
 * Keeps exactly one panel on the page while the URL is a video or channel page: mounts it in the best anchor,
 * re-renders on in-page navigation, re-mounts it when YouTube removes it or a better anchor appears,
 * and removes it on other pages.
 */
export function createPanelMount(ctx: ContentScriptContext, createUi: CreateUi) {
  let ui: Ui | null = null;
  let placement: Placement | null = null;
  let videoId: string | null = null;
  let channel: string | null = null;
  let placing = false;
  /** The kind of page the panel was placed for: a change of kind places it again. */
  let placedFor: PageKind | null = null;
  let stopTheme: (() => void) | null = null;
  let stopFloating: (() => void) | null = null;
  let renderedId: string | null = null;
  /** The person's choice, once read: nothing is placed before it is known, so the panel lands once. */
  let wanted: PanelPlacement | null = null;
  /** The panel's preferences as last read or changed: each new panel starts from them (Panel's knownPrefs). */
  let prefs: PanelPrefs | null = null;
  /** The URL the last placement that did not keep the panel saw, and since when: for the hydration grace. */
  let pageSince: SeenPage = { href: '', at: 0 };
  let graceTimer: ReturnType<typeof setTimeout> | null = null;
  const player = createPlayerBridge(document);
  const wish = () => ({ onChannel: channel !== null, wanted: wanted ?? 'column' });

  /** Empties the panel's root with the Preact that filled it: the channel module brings its own (lazy.ts). */
  let clearRoot: ((root: HTMLElement) => void) | null = null;
  const fill = (root: HTMLElement, clear: (root: HTMLElement) => void) => {
    if (clearRoot !== clear) clearRoot?.(root);
    clearRoot = clear;
  };

  const renderPanel = () => {
    // A video played in a playlist also offers the playlist's bulk view (kept while the playlist plays on).
    const list = videoId && watchPlaylistFromPageUrl(location.href);
    const pageKey = videoId ? `${videoId} ${list}` : channel && `channel:${channel}`;
    if (!ui?.mounted || !pageKey || renderedId === pageKey) return;
    renderedId = pageKey;
    if (videoId) {
      fill(ui.mounted, clearPanel);
      render(
        <>
          <PanelFrame videoId={videoId} player={player} prefs={prefs} />
          {list && <WatchPlaylist key={list} playlist={list} />}
        </>,
        ui.mounted,
      );
      return;
    }
    const target = ui.mounted;
    const forChannel = channel;
    const current = () => forChannel !== null && renderedId === `channel:${forChannel}` && ui?.mounted === target;
    // Channel code loads only on channel pages: the content script on video pages stays small.
    void loadChannelModule().then(
      (module) => {
        if (!current() || !forChannel) return;
        fill(target, module.clear);
        module.show(target, forChannel, send, listenBroadcasts, catalogueSnapshot());
      },
      () => {
        if (!current()) return;
        fill(target, clearPanel);
        render(<ErrorAlert error={disconnected()} />, target);
      },
    );
  };

  const unmount = () => {
    ui?.remove();
    ui = null;
    placement = null;
    renderedId = null;
    stopTheme?.();
    stopTheme = null;
    stopFloating?.();
    stopFloating = null;
  };

  // Fullscreen shows the video alone: the panel steps aside and comes back after.
  const applyFullscreen = () => {
    const host = ui?.shadowHost;
    host?.toggleAttribute('data-fullscreen', document.fullscreenElement !== null);
  };

  async function place(target: { placement: Placement; element: Element }): Promise<void> {
    placedFor = channel === null ? 'video' : 'channel';
    unmount();
    const created = await createUi({
      name: PANEL_TAG,
      // Closed in production: page scripts cannot read the balance or the answers, nor reach the buttons.
      // Test builds keep it open so tests find things by role; spend handlers also refuse untrusted events.
      mode: SHADOW_MODE,
      position: 'inline',
      anchor: target.element,
      append: target.placement === 'floating' ? 'last' : 'first',
      isolateEvents: ['keydown', 'keyup', 'keypress'],
      onMount: (container, _shadow, host) => {
        host.dataset.placement = target.placement;
        if (target.placement === 'floating') {
          stopFloating = keepFloating(host, () => document.querySelector(SELECTORS.visiblePlayer));
        }
        const root = document.createElement('div');
        root.className = 'tl-root';
        applyLocale(root, currentLocale());
        container.append(root);
        // The panel's components' styles, which the build puts into the page module (wxt.config.ts).
        addStyles(root, 'page');
        stopTheme = watchTheme(document.documentElement, host);
        return root;
      },
      onRemove: (root) => {
        if (root) clearRoot?.(root);
        clearRoot = null;
      },
    });
    if (!ctx.isValid) return;
    created.mount();
    ui = created;
    placement = target.placement;
    applyFullscreen();
    renderPanel();
  }

  const sync = () => {
    if (!ctx.isValid) return;
    videoId = videoIdFromPageUrl(location.href);
    // A playlist page is shown like a channel page: the bulk view, in the lazily loaded module.
    channel = videoId ? null : (channelFromPageUrl(location.href) ?? playlistFromPageUrl(location.href));
    if (!videoId && !channel) {
      unmount();
      return;
    }
    // Follow the player's ads from the start: a stitched pre-roll is measured while it plays.
    if (videoId) player.track();
    // Nothing is placed before the person's choice is read (decidePlacement waits): no need to look at the page.
    if (wanted === null) return;
    const host = ui?.shadowHost;
    // A column YouTube stopped showing (a narrow window) no longer holds the panel.
    const attached =
      host?.isConnected === true &&
      !inHiddenLayout(host) &&
      (placement === 'floating' || host.hasAttribute('data-fullscreen') || shown(host));
    const best = findAnchor(document, wish());
    const decision = decidePlacement({
      wanted,
      page: channel === null ? 'video' : 'channel',
      watchPage: location.pathname === '/watch',
      best: best.placement,
      mounted: ui !== null,
      placement,
      placedFor,
      attached,
      placing,
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
      placing = true;
      // The anchor just found: looking again would style the page once more for the same answer.
      void place(best).finally(() => {
        placing = false;
      });
    }
  };

  /** The URL the full check last ran for with the panel in place ('' when it was not in place). */
  let settledAt = '';
  const inPlace = (): boolean => {
    const host = ui?.shadowHost;
    return (
      host?.isConnected === true && placement === 'secondary-inner' && renderedId !== null && !inHiddenLayout(host)
    );
  };
  /** In place, and the full check ran for this URL: navigation changes the URL, then it runs once more. */
  const settled = (): boolean => inPlace() && settledAt === location.href;

  // YouTube rebuilds parts of the page at will; a cheap check per animation frame of mutations
  // brings the panel back when its host is detached or a better anchor shows up.
  let scheduled = false;
  const observer = new MutationObserver(
    timed(() => {
      // The common case on busy pages (live chat, comments): the panel is in place in the best anchor and the
      // page is the same, so there is nothing to look up and no frame to ask for. settled() reads no style or
      // layout and changes nothing (the frame notes the URL it checked), so asking it here is as cheap as there.
      if (scheduled || settled()) return;
      scheduled = true;
      requestAnimationFrame(
        timed(() => {
          scheduled = false;
          if (settled()) return;
          settledAt = inPlace() ? location.href : '';
          const href = location.href;
          if (videoIdFromPageUrl(href) || channelFromPageUrl(href) || playlistFromPageUrl(href)) sync();
        }),
      );
    }),
  );
  observer.observe(document.documentElement, { childList: true, subtree: true });
  publishObserverTime(ctx);
  const stopPrefs = onPanelPrefsChange((next) => {
    prefs = next;
    wanted = next.placement;
    sync();
  });
  void readPanelPrefs().then((read) => {
    prefs ??= read;
    wanted ??= read.placement;
    sync();
  });
  ctx.onInvalidated(() => {
    observer.disconnect();
    stopPrefs();
    if (graceTimer !== null) clearTimeout(graceTimer);
    unmount();
  });

  return {
    sync,
    /** The interface language changed (and its catalogue is loaded): the panel is drawn again in it. */
    retranslate() {
      const root = ui?.mounted;
      if (!root) return;
      applyLocale(root, currentLocale());
      clearRoot?.(root);
      clearRoot = null;
      renderedId = null;
      renderPanel();
    },
    /** The window changed size or went fullscreen: the column may have come or gone. */
    relayout() {
      settledAt = '';
      applyFullscreen();
      sync();
    },
  };
}

/** The event a test build answers by writing the observer's time into <html> (`npm run bench` reads it). */
export const OBSERVER_MS_EVENT = 'tl:observer-ms';

/**
 * Test builds count the main-thread time the observer spends (for `npm run bench`, panel.observer_ms_per_s)
 * and write it into an attribute of <html> only when asked (OBSERVER_MS_EVENT): writing it after every callback
 * invalidated the page's style each time, some 15 ms of a page load that production builds never pay.
 */
let spentMs = 0;
function timed(work: () => void): () => void {
  if (import.meta.env.MODE !== 'e2e') return work;
  return () => {
    const start = performance.now();
    work();
    spentMs += performance.now() - start;
  };
}

/** Test builds only: answers the bench's OBSERVER_MS_EVENT; removed with the content script. */
function publishObserverTime(ctx: ContentScriptContext): void {
  if (import.meta.env.MODE !== 'e2e') return;
  ctx.addEventListener(document, OBSERVER_MS_EVENT, () => {
    document.documentElement.dataset.tlObserverMs = spentMs.toFixed(3);
  });
}
