import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

type Props = {
  /** Names the title and the list (`<id>-title`, `<id>-what`) that the dialog is labelled and described by. */
  id: string;
  /**
   * `alert` where the act asked about loses something (an alertdialog, its button in red); `calm` where it only
   * adds (a dialog in a quieter frame, its button the primary one).
   */
  kind: 'alert' | 'calm';
  title: ComponentChildren;
  /** The list's items: what the act does, read out with the title. */
  what: ComponentChildren;
  /** Anything said after the list, not part of the description. */
  children?: ComponentChildren;
  /** The act's button; it cannot be pressed while `disabled`. */
  act: { label: string; disabled?: boolean; onClick: () => void };
  /** The button that backs out, as Escape does. */
  cancel: { label: string; onClick: () => void };
  /** Which button has the focus when the dialog opens (and when `focus` changes). */
  focus: 'act' | 'cancel';
};

/** The library's asking dialog: a title, a list of what the act does, the act and the way back; Escape backs out. */
export function Dialog({ id, kind, title, what, children, act, cancel, focus }: Props) {
  const acting = useRef<HTMLButtonElement>(null);
  const cancelling = useRef<HTMLButtonElement>(null);
  useEffect(() => (focus === 'act' ? acting : cancelling).current?.focus(), [focus]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: its role is a dialog's (the linter does not read a chosen one).
    <div
      class={kind === 'calm' ? 'dialog calm' : 'dialog'}
      role={kind === 'alert' ? 'alertdialog' : 'dialog'}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-what`}
      onKeyDown={(e) => e.key === 'Escape' && cancel.onClick()}
    >
      <p id={`${id}-title`}>
        <strong>{title}</strong>
      </p>
      <ul id={`${id}-what`}>{what}</ul>
      {children}
      <p class="row">
        <button
          type="button"
          class={kind === 'alert' ? 'danger' : 'primary'}
          ref={acting}
          disabled={act.disabled}
          onClick={act.onClick}
        >
          {act.label}
        </button>
        <button type="button" ref={cancelling} onClick={cancel.onClick}>
          {cancel.label}
        </button>
      </p>
    </div>
  );
}
