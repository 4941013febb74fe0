import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

export type TabDef<K extends string> = { key: K; label: string };

type Props<K extends string> = {
  tabs: ReadonlyArray<TabDef<K>>;
  active: K;
  onSelect: (key: K) => void;
  idPrefix: string;
  children: ComponentChildren;
};

/** WAI-ARIA tabs: roving tab index, arrow keys, Home/End. */
export function Tabs<K extends string>({ tabs, active, onSelect, idPrefix, children }: Props<K>) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.key === active);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.key);
    list.current?.querySelector<HTMLElement>(`#${idPrefix}-tab-${next.key}`)?.focus();
  };
  return (
    <>
      <div class="tl-tabs" role="tablist" ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`${idPrefix}-panel-${tab.key}`}
            tabIndex={tab.key === active ? 0 : -1}
            class="tl-tab"
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        class="tl-tabpanel"
        role="tabpanel"
        id={`${idPrefix}-panel-${active}`}
        aria-labelledby={`${idPrefix}-tab-${active}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable tab panel must be reachable by keyboard (WAI-ARIA tabs pattern).
        tabIndex={0}
      >
        {children}
      </div>
    </>
  );
}
