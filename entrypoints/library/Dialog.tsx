import type { ComponentChildren } from 'preact';

type Props = {
  /** Names the title and the list (`<id>-title`, `<id>-what`) that the dialog is labelled and described by. */
  id: string;
  /**
   * `alert` where the act asked about loses something (an alertdialog); `calm` where it only adds (a dialog in a
   * quieter frame).
   */
  kind: 'alert' | 'calm';
  title: ComponentChildren;
  /** The list's items: what the act does, read out with the title. */
  what: ComponentChildren;
  /** Anything said after the list, not part of the description. */
  children?: ComponentChildren;
  /** The buttons, the act first; the caller focuses one. */
  actions: ComponentChildren;
  onCancel: () => void;
};

/** The library's asking dialog: a title, a list of what the act does, the buttons; Escape backs out. */
export function Dialog({ id, kind, title, what, children, actions, onCancel }: Props) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: its role is a dialog's (the linter does not read a chosen one).
    <div
      class={kind === 'calm' ? 'dialog calm' : 'dialog'}
      role={kind === 'alert' ? 'alertdialog' : 'dialog'}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-what`}
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <p id={`${id}-title`}>
        <strong>{title}</strong>
      </p>
      <ul id={`${id}-what`}>{what}</ul>
      {children}
      <p class="row">{actions}</p>
    </div>
  );
}
