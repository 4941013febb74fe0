import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import type {
  ShadowRootContentScriptUi,
  ShadowRootContentScriptUiOptions,
} from 'wxt/utils/content-script-ui/shadow-root';
import type { Catalogue } from '../../utils/i18n/catalogue';
import type { Listen } from '../../utils/protocol/broadcasts';
import type { Send } from '../../utils/protocol/send';
import type { AnalysisViewProps } from '../analysis/AnalysisView';
import type { AskViewProps } from '../ask/AskView';
import type { SpendGate } from '../spend-gate';

/**
 * What the modules the content script loads by their address (lazy.ts) give it: each is an unlisted entrypoint
 * (entrypoints/youtube-page/, youtube-channel/, youtube-tabs/) that only wires this room's code. Their shapes live
 * here, in the room, so the loader and the modules name them without importing each other.
 */

/** The panel's shadow root, made by the loader (entrypoints/youtube.content/), where WXT knows its stylesheet. */
export type PanelUi = ShadowRootContentScriptUi<HTMLElement>;
export type CreateUi = (options: ShadowRootContentScriptUiOptions<HTMLElement>) => Promise<PanelUi>;

/**
 * Everything the YouTube content script does, as a module it imports from the extension's files
 * (entrypoints/youtube-page/): finding the video and its player, placing the panel, and the panel with its
 * transcript tab in Preact. docs/benchmarks.md, "Page cost", says why it is a module.
 */
export interface PageModule {
  start(ctx: ContentScriptContext, createUi: CreateUi): Promise<void>;
}

/**
 * The panel on a channel or playlist page (entrypoints/youtube-channel/), loaded only there, with its own Preact:
 * it renders and clears its root itself, and its styles go into the panel's shadow root with it.
 */
export interface ChannelModule {
  /**
   * `channel` is a channel reference or a playlist's (`playlist:<id>`, utils/channel/playlist-ref.ts); `listen` hears
   * the background's pushes (a bulk run's end) through the content script's own checks (background-line.ts);
   * `catalogue` the messages the content script loaded (this module has its own copy of utils/i18n); `watch`: a
   * playlist played on a watch page, its videos read from the panel beside the player.
   */
  show(root: HTMLElement, channel: string, send: Send, listen: Listen, catalogue: Catalogue, watch?: boolean): void;
  clear(root: HTMLElement): void;
}

/** Which tab's body to show, with the props the panel gives it. */
export type TabBody = { tab: 'analysis'; props: AnalysisViewProps } | { tab: 'ask'; props: AskViewProps };

/**
 * The panel's Analysis and Ask tabs (entrypoints/youtube-tabs/), loaded when one is first opened: `show` renders
 * (again, with new props) into `root`, `clear` empties it; `catalogue` is the content script's messages (the
 * module's copy of utils/i18n), `gate` its spend gate (the module's copy of components/spend-gate.tsx: in the
 * panel's frame, armed only while the frame is seen whole).
 */
export interface TabsModule {
  show(root: HTMLElement, body: TabBody, catalogue: Catalogue, gate: SpendGate): void;
  clear(root: HTMLElement): void;
}
