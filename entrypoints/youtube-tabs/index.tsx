import { render } from 'preact';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
// Types imported apart from the views: WXT reads this entrypoint's options with the views' imports removed, and
// an import kept for its types would load their stylesheets there.
import type { AnalysisViewProps } from '../../components/analysis/AnalysisView';
import { AnalysisView } from '../../components/analysis/AnalysisView';
import type { AskViewProps } from '../../components/ask/AskView';
import { AskView } from '../../components/ask/AskView';
import { type SpendGate, setSpendGate } from '../../components/spend-gate';
import { type Catalogue, setCatalogue } from '../../utils/i18n/catalogue';
import { addStyles } from '../youtube-channel/styles';

/** Which tab's body to show, with the props the panel gives it. */
export type TabBody = { tab: 'analysis'; props: AnalysisViewProps } | { tab: 'ask'; props: AskViewProps };

/**
 * The panel's Analysis and Ask tabs, loaded by the YouTube content script when one is first opened
 * (entrypoints/youtube.content/lazy.ts): a watch page shows its transcript without them. Like the channel module
 * it is an ES module in the content script's isolated world with its own Preact: `show` renders (again, with new
 * props) into `root`, `clear` empties it; `catalogue` is the content script's messages (this copy of utils/i18n),
 * `gate` its spend gate (this copy of components/spend-gate.tsx: in the panel's frame, armed only while the frame
 * is seen whole).
 */
export interface TabsModule {
  show(root: HTMLElement, body: TabBody, catalogue: Catalogue, gate: SpendGate): void;
  clear(root: HTMLElement): void;
}

export default defineUnlistedScript(
  (): TabsModule => ({
    show(root, body, catalogue, gate) {
      setCatalogue(catalogue.locale, catalogue.messages);
      setSpendGate(gate);
      addStyles(root, 'tabs');
      render(body.tab === 'analysis' ? <AnalysisView {...body.props} /> : <AskView {...body.props} />, root);
    },
    clear(root) {
      render(null, root);
    },
  }),
);
