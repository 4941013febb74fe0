import { loadCatalogue } from '../../../utils/i18n/load';
import { onLanguageChange } from '../../../utils/i18n/preference';

/**
 * The background speaks the interface language too: its replies' sentences, notifications and menu titles.
 * The catalogue is read at start (handlers wait for it once) and again when the person picks another language;
 * `changed` then redoes what was worded in the old one (the context menu).
 */
export function followLanguage(changed: () => void): Promise<unknown> {
  onLanguageChange(() => {
    void loadCatalogue('all').then(changed);
  });
  return loadCatalogue('all');
}
