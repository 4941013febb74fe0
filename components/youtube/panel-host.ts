import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { currentLocale } from '../../utils/i18n/catalogue';
import { applyLocale } from '../../utils/i18n/load';
import { inHiddenLayout, type Placement, shown } from './anchor';
import { keepFloating } from './floating';
import type { CreateUi, PanelUi } from './modules';
import type { PanelContent } from './panel-content';
import type { PageKind } from './placement';
import { SELECTORS } from './selectors';
import { addStyles } from './styles';
import { watchTheme } from './theme';
// In the page module's styles (styles.ts), not a stylesheet of the loader's: WXT would fetch that on every page.
import './panel.css';

export const PANEL_TAG = 'transcript-lens-panel';
const SHADOW_MODE: ShadowRootMode = import.meta.env.MODE === 'production' ? 'closed' : 'open';

export type PanelHost = ReturnType<typeof createPanelHost>;

/** Where the panel goes: the anchor element found and how it is placed there. */
export type PanelTarget = { placement: Placement; element: Element };

/**
 * The panel's host in the page: its shadow root, where it is placed and for which kind of page, and what watches it
 * while it is there (the theme, a floating panel's box, fullscreen). One host at a time: placing it again removes
 * the last one first.
 */
export function createPanelHost(ctx: ContentScriptContext, createUi: CreateUi, content: PanelContent) {
  let ui: PanelUi | null = null;
  let placement: Placement | null = null;
  let placing = false;
  /** The kind of page the panel was placed for: a change of kind places it again. */
  let placedFor: PageKind | null = null;
  let stopTheme: (() => void) | null = null;
  let stopFloating: (() => void) | null = null;

  const unmount = () => {
    ui?.remove();
    ui = null;
    placement = null;
    content.forget();
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

  async function place(target: PanelTarget, kind: PageKind, draw: () => void): Promise<void> {
    placedFor = kind;
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
          // Below what the page shows first: the player, or a channel's header.
          stopFloating = keepFloating(
            host,
            () => document.querySelector(SELECTORS.visiblePlayer) ?? document.querySelector(SELECTORS.channelHeader),
          );
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
      onRemove: (root) => content.release(root),
    });
    if (!ctx.isValid) return;
    created.mount();
    ui = created;
    placement = target.placement;
    applyFullscreen();
    draw();
  }

  return {
    unmount,
    applyFullscreen,
    /** Places the panel at the target (the anchor just found), then draws it. */
    placeAt(target: PanelTarget, kind: PageKind, draw: () => void): void {
      placing = true;
      void place(target, kind, draw).finally(() => {
        placing = false;
      });
    },
    root: (): HTMLElement | null => ui?.mounted ?? null,
    /** What decidePlacement (placement.ts) needs to know of the host. */
    state() {
      const host = ui?.shadowHost;
      // A column YouTube stopped showing (a narrow window) no longer holds the panel.
      const attached =
        host?.isConnected === true &&
        !inHiddenLayout(host) &&
        (placement === 'floating' || host.hasAttribute('data-fullscreen') || shown(host));
      return { mounted: ui !== null, placement, placedFor, attached, placing };
    },
    /** In the column, drawn and shown: the common case, checked cheaply on every burst of page changes. */
    inPlace(): boolean {
      const host = ui?.shadowHost;
      return host?.isConnected === true && placement === 'secondary-inner' && content.drawn() && !inHiddenLayout(host);
    },
  };
}
