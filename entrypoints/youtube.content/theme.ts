/** Mirrors YouTube's theme (`html[dark]`) onto the panel host as `data-theme`; returns a stop function. */
export function watchTheme(html: HTMLElement, host: HTMLElement): () => void {
  const apply = () => {
    host.dataset.theme = html.hasAttribute('dark') ? 'dark' : 'light';
  };
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(html, { attributes: true, attributeFilter: ['dark'] });
  return () => observer.disconnect();
}
