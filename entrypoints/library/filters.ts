import type { LibraryItem } from '../../utils/library/replies';

/** The list's filters; empty strings mean "any". */
export type Filters = { channel: string; language: string; analysis: boolean; questions: boolean; notes: boolean };

export const NO_FILTERS: Filters = { channel: '', language: '', analysis: false, questions: false, notes: false };

export function isFiltered(f: Filters): boolean {
  return f.channel !== '' || f.language !== '' || f.analysis || f.questions || f.notes;
}

export function applyFilters(items: readonly LibraryItem[], f: Filters): LibraryItem[] {
  return items.filter(
    (item) =>
      (f.channel === '' || item.channel === f.channel) &&
      (f.language === '' || item.languageCode === f.language) &&
      (!f.analysis || item.analysis !== null) &&
      (!f.questions || item.questions !== null) &&
      (!f.notes || (item.notes ?? 0) > 0),
  );
}

const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

export function channelsOf(items: readonly LibraryItem[]): string[] {
  return [...new Set(items.flatMap((i) => (i.channel ? [i.channel] : [])))].sort(byText);
}

/** Each language code held, with the name the service gave it. */
export function languagesOf(items: readonly LibraryItem[]): { code: string; name: string }[] {
  const names = new Map<string, string>();
  for (const i of items)
    if (i.languageCode && !names.has(i.languageCode)) names.set(i.languageCode, i.language ?? i.languageCode);
  return [...names].map(([code, name]) => ({ code, name })).sort((a, b) => byText(a.name, b.name));
}
