import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import { Icon } from '../icons';
import { CopyOutcome } from './CopyOutcome';

const COPIED_MS = 2000;
const COPY_CLASSES = { status: 'tl-copy-status', alert: 'tl-error tl-copy-error' };

interface Props {
  /** The text to copy (built on click, so a long transcript costs nothing until asked). */
  text: () => string;
  /** The button's name: "Copy transcript", or "Copy range" while a range is selected. */
  label?: string;
}

/** "Copy transcript" (an icon button with that name) with a "Copied" status, or an alert when the clipboard refuses. */
export function CopyButton({ text, label }: Props) {
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

  const name = label ?? t('panel.tr.copy');
  return (
    <>
      <button type="button" class="tl-icon-button tl-copy" aria-label={name} title={name} onClick={copy}>
        <Icon name="copy" />
      </button>
      <CopyOutcome state={state} copied={t('panel.tr.copied')} classes={COPY_CLASSES} />
    </>
  );
}
