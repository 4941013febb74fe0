import { useMemo } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import type { LibraryItem } from '../../utils/library/replies';
import { channelsOf, type Filters, languagesOf } from './filters';

type Props = {
  items: readonly LibraryItem[];
  value: Filters;
  onChange: (next: Filters) => void;
  /** While only the first screen is listed: its channels and languages are not all there yet. */
  disabled?: boolean;
};

/** Channel, language, has an analysis, has questions, has notes. */
export function FilterBar({ items, value, onChange, disabled = false }: Props) {
  const set = (patch: Partial<Filters>) => onChange({ ...value, ...patch });
  // Over every video held: worked out when the list changes, not at each render of the page.
  const channels = useMemo(() => channelsOf(items), [items]);
  const languages = useMemo(() => languagesOf(items), [items]);
  return (
    <fieldset class="filters" disabled={disabled}>
      <legend class="visually-hidden">{t('library.filter.label')}</legend>
      <label>
        {t('library.filter.channel')}{' '}
        <select value={value.channel} onChange={(e) => set({ channel: e.currentTarget.value })}>
          <option value="">{t('library.filter.anyChannel')}</option>
          {channels.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('library.filter.language')}{' '}
        <select value={value.language} onChange={(e) => set({ language: e.currentTarget.value })}>
          <option value="">{t('library.filter.anyLanguage')}</option>
          {languages.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <label class="check">
        <input type="checkbox" checked={value.analysis} onChange={(e) => set({ analysis: e.currentTarget.checked })} />
        {t('library.filter.analysis')}
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={value.questions}
          onChange={(e) => set({ questions: e.currentTarget.checked })}
        />
        {t('library.filter.questions')}
      </label>
      <label class="check">
        <input type="checkbox" checked={value.notes} onChange={(e) => set({ notes: e.currentTarget.checked })} />
        {t('library.filter.notes')}
      </label>
    </fieldset>
  );
}
