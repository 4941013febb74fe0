import { applyLocale, loadCatalogue } from './load';
import { onLanguageChange } from './preference';

/**
 * An extension page's start: its language's messages first, `lang` and `dir` on <html>, then `draw`. A change
 * of the interface language reloads the page, which draws it again in the new one.
 */
export async function startPage(draw: () => void): Promise<void> {
  const locale = await loadCatalogue('all');
  applyLocale(document.documentElement, locale);
  onLanguageChange(() => location.reload());
  draw();
}
