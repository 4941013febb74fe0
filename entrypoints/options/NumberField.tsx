import type { ComponentChildren } from 'preact';

type Props = {
  id: string;
  bounds: { readonly min: number; readonly max: number };
  value: string;
  onInput: (value: string) => void;
  error: string | null;
  /** The id of a hint said with the field (and with its error, when there is one). */
  hint?: string;
  disabled?: boolean;
  /** Shown between the field and its error (a hint). */
  children?: ComponentChildren;
};

/** A whole-number setting within its bounds, with its error said under it as an alert. */
export function NumberField({ id, bounds, value, onInput, error, hint, disabled, children }: Props) {
  const errorId = `${id}-error`;
  const describedBy = [hint, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <>
      <input
        id={id}
        type="number"
        min={bounds.min}
        max={bounds.max}
        step={1}
        value={value}
        disabled={disabled}
        onInput={(e) => onInput(e.currentTarget.value)}
        aria-invalid={error !== null}
        aria-describedby={describedBy || undefined}
      />
      {children}
      {error && (
        <p id={errorId} class="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
