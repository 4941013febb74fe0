type Props = {
  message: string;
  /** The button's words: what is asked again. */
  label: string;
  onRetry: () => void;
};

/** A question to the background that failed: why, and a button to ask again. */
export function RetryAlert({ message, label, onRetry }: Props) {
  return (
    <div class="tl-error" role="alert">
      <p>{message}</p>
      <button type="button" class="tl-button" onClick={onRetry}>
        {label}
      </button>
    </div>
  );
}
