import { useEffect, useRef, useState } from 'preact/hooks';
import { catalogueSnapshot } from '../../utils/i18n/catalogue';
import type { AnalysisViewProps } from '../analysis/AnalysisView';
import type { AskViewProps } from '../ask/AskView';
import type { PanelViews } from '../Panel';
import { currentSpendGate } from '../spend-gate';
import { disconnected } from './background-line';
import { loadTabsModule } from './lazy';
import type { TabBody, TabsModule } from './modules';

/**
 * A tab's body from the tabs module (lazy.ts), loaded when the tab is first shown and rendered into this root
 * with the module's own Preact; each render hands it the new props. Loading it spends nothing: the views price
 * first and buy only on a person's act, as they did in the content script.
 */
function LazyBody({ body }: { body: TabBody }) {
  const root = useRef<HTMLDivElement>(null);
  const [module, setModule] = useState<TabsModule | null>(null);
  useEffect(() => {
    const target = root.current;
    let live = true;
    loadTabsModule().then(
      (loaded) => {
        if (live) setModule(loaded);
      },
      () => {
        if (live && target) target.textContent = disconnected().message;
      },
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (module && root.current) module.show(root.current, body, catalogueSnapshot(), currentSpendGate());
  });
  useEffect(() => {
    const target = root.current;
    return () => {
      if (module && target) module.clear(target);
    };
  }, [module]);
  return <div ref={root} class="tl-tab-body" />;
}

/** The views the panel's Analysis and Ask tabs show on a YouTube page (components/Panel.tsx). */
export const LAZY_VIEWS: PanelViews = {
  Analysis: (props: AnalysisViewProps) => <LazyBody body={{ tab: 'analysis', props }} />,
  Ask: (props: AskViewProps) => <LazyBody body={{ tab: 'ask', props }} />,
};
