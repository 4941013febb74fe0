interface Props {
  query: string;
  /** 0-based index of the active match, -1 when none. */
  active: number;
  total: number;
  onQuery: (query: string) => void;
  onStep: (by: 1 | -1) => void;
}

const STEPS = [
  [-1, 'Previous match', '↑'],
  [1, 'Next match', '↓'],
] as const;

/** The search box: Enter / Shift+Enter step through matches, Escape clears; the count is a live region. */
export function SearchBar({ query, active, total, onQuery, onStep }: Props) {
  const counter = !query.trim() ? '' : total === 0 ? 'No matches' : `${active + 1} of ${total}`;
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
        aria-label="Search transcript"
        placeholder="Search transcript"
        value={query}
        onInput={(event) => onQuery((event.currentTarget as HTMLInputElement).value)}
        onKeyDown={onKeyDown}
      />
      <output class="tl-search-count" aria-live="polite">
        {counter}
      </output>
      {STEPS.map(([by, label, arrow]) => (
        <button
          key={by}
          type="button"
          class="tl-icon-button"
          aria-label={label}
          disabled={total === 0}
          onClick={() => onStep(by)}
        >
          {arrow}
        </button>
      ))}
    </div>
  );
}
