import { render } from 'preact';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { AnalysisView } from '../../components/analysis/AnalysisView';
import { AskView } from '../../components/ask/AskView';
import { setSpendGate } from '../../components/spend-gate';
import type { TabsModule } from '../../components/youtube/modules';
import { addStyles } from '../../components/youtube/styles';
import { setCatalogue } from '../../utils/i18n/catalogue';

/**
 * The panel's Analysis and Ask tabs, loaded by the YouTube content script when one is first opened
 * (components/youtube/lazy.ts): a watch page shows its transcript without them. Like the channel module it is an
 * ES module in the content script's isolated world with its own Preact (TabsModule, components/youtube/modules.ts).
 */
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
