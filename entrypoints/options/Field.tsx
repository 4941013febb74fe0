import type { ComponentChildren } from 'preact';

type Props = {
  /** Names the section's title (`<id>-title`) and, unless `control` says otherwise, the control it labels. */
  id: string;
  title: string;
  /** The label of the section's control; none where the section holds only buttons. */
  label?: string;
  control?: string;
  children: ComponentChildren;
};

/** One of the options page's sections: a titled field, named by its title for screen readers. */
export function Field({ id, title, label, control = id, children }: Props) {
  return (
    <section class="field" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {label && <label for={control}>{label}</label>}
      {children}
    </section>
  );
}
