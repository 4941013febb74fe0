import { t } from '../../utils/i18n/catalogue';
import { Icon } from '../icons';

interface Props {
  query: string;
  /** 0-based index of the active match, -1 when none. */
  active: number;
  total: number;
  onQuery: (query: string) => void;
  onStep: (by: 1 | -1) => void;
  /** The box took focus: a query is likely to follow. */
  onFocus?: () => void;
}

const STEPS = [
  [-1, 'panel.tr.previous', 'up'],
  [1, 'panel.tr.next', 'down'],
] as const;

/** The search box: Enter / Shift+Enter step through matches, Escape clears; the count is a live region. */
export function SearchBar({ query, active, total, onQuery, onStep, onFocus }: Props) {
  const counter = !query.trim()
    ? ''
    : total === 0
      ? t('panel.tr.noMatch')
      : t('panel.tr.match', { n: active + 1, total });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onStep(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape' && query) {
      event.preventDefault();
      onQuery('');
    }
  };
  return (
    <div class="tl-search">
      <input
        type="search"
        class="tl-search-input"
        aria-label={t('panel.tr.search')}
        placeholder={t('panel.tr.search')}
        value={query}
        onInput={(event) => onQuery((event.currentTarget as HTMLInputElement).value)}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      />
      <output class="tl-search-count" aria-live="polite">
        {counter}
      </output>
      {STEPS.map(([by, label, icon]) => (
        <button
          key={by}
          type="button"
          class="tl-icon-button"
          aria-label={t(label)}
          title={t(label)}
          disabled={total === 0}
          onClick={() => onStep(by)}
        >
          <Icon name={icon} />
        </button>
      ))}
    </div>
  );
}
