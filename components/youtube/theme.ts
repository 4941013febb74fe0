import type { Theme } from '../../utils/protocol/frame';

/** Calls back with YouTube's theme (`html[dark]`) now and at each change; returns a stop function. */
export function followTheme(html: HTMLElement, apply: (theme: Theme) => void): () => void {
  const tell = () => apply(html.hasAttribute('dark') ? 'dark' : 'light');
  tell();
  const observer = new MutationObserver(tell);
  observer.observe(html, { attributes: true, attributeFilter: ['dark'] });
  return () => observer.disconnect();
}

/** Mirrors YouTube's theme onto the panel host as `data-theme`; returns a stop function. */
export function watchTheme(html: HTMLElement, host: HTMLElement): () => void {
  return followTheme(html, (theme) => {
    host.dataset.theme = theme;
  });
}
