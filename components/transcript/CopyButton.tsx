import { useEffect, useRef, useState } from 'preact/hooks';

const COPIED_MS = 2000;

interface Props {
  /** The text to copy (built on click, so a long transcript costs nothing until asked). */
  text: () => string;
  /** The button's name: "Copy transcript", or "Copy range" while a range is selected. */
  label?: string;
}

/** "Copy transcript" with a "Copied" status, or an alert when the clipboard refuses. */
export function CopyButton({ text, label = 'Copy transcript' }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    if (timer.current) clearTimeout(timer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text());
      if (!live.current) return;
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_MS);
    } catch {
      if (live.current) setState('failed');
    }
  };

  return (
    <>
      <button type="button" class="tl-button" onClick={copy}>
        {label}
      </button>
      <output class="tl-copy-status" aria-live="polite">
        {state === 'copied' ? 'Copied' : ''}
      </output>
      {state === 'failed' && (
        <p role="alert" class="tl-error tl-copy-error">
          The browser did not allow copying to the clipboard. Use Download instead, or try again.
        </p>
      )}
    </>
  );
}
