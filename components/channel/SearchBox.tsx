type Props = {
  /** Its accessible name. */
  label: string;
  /** Shown while it is empty: its name, unless it needs more words. */
  hint?: string;
  value: string;
  onValue: (value: string) => void;
  maxLength?: number;
};

/** The channel view's search boxes (the uploads' filter, the search in the channel's videos). */
export function SearchBox({ label, hint = label, value, onValue, maxLength }: Props) {
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={hint}
      maxLength={maxLength}
      value={value}
      onInput={(e) => onValue(e.currentTarget.value)}
    />
  );
}
