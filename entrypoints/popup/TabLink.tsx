import type { ComponentChildren } from 'preact';

type Props = { url: string; openTab: (url: string) => void; children: ComponentChildren };

/** A link the popup opens in a new tab itself (a popup's own navigation would close it first). */
export function TabLink({ url, openTab, children }: Props) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      onClick={(event) => {
        event.preventDefault();
        openTab(url);
      }}
    >
      {children}
    </a>
  );
}
