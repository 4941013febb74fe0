import type { ComponentChildren } from 'preact';

type Props = {
  title: string;
  /** A line beside the title: what the page holds or is about. */
  note: ComponentChildren;
  /** The link to the other page, in a nav named for screen readers. */
  link: { label: string; href: string; text: string };
};

/** A full page's head (library, spending): its title, a line beside it, and the way to the other page at its end. */
export function PageHead({ title, note, link }: Props) {
  return (
    <header class="page-head">
      <h1>{title}</h1>
      <p class="muted">{note}</p>
      <nav class="links" aria-label={link.label}>
        <a href={link.href}>{link.text}</a>
      </nav>
    </header>
  );
}
