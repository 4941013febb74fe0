// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InterfaceLanguage } from '../../entrypoints/options/InterfaceLanguage';
import type { UiLocale } from '../../utils/i18n/locales';

afterEach(cleanup);

function open(stored: UiLocale | null, pseudo = false) {
  const write = vi.fn(async (_choice: UiLocale | null) => undefined);
  render(<InterfaceLanguage read={async () => stored} write={write} pseudo={pseudo} />);
  const select = screen.getByRole('combobox', { name: 'Interface language' }) as HTMLSelectElement;
  return { select, write };
}

describe('options: the interface language', () => {
  it('offers the browser’s language, then the eight locales in their own names; the pseudo-locale only where built', async () => {
    const { select } = open(null);
    await waitFor(() => expect(select.disabled).toBe(false));
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Browser language'],
      ['en', 'English'],
      ['es', 'Español'],
      ['pt-BR', 'Português (Brasil)'],
      ['de', 'Deutsch'],
      ['fr', 'Français'],
      ['ja', '日本語'],
      ['hi', 'हिन्दी'],
      ['ar', 'العربية'],
    ]);
    expect(select.value).toBe('');
    cleanup();
    const built = open(null, true);
    await waitFor(() => expect(built.select.disabled).toBe(false));
    expect([...built.select.options].map((o) => o.value)).toContain('en-XA');
  });

  it('shows the stored choice and saves a new one at once; "Browser language" stores no choice', async () => {
    const { select, write } = open('de');
    await waitFor(() => expect(select.value).toBe('de'));
    fireEvent.change(select, { target: { value: 'ar' } });
    expect(write).toHaveBeenLastCalledWith('ar');
    fireEvent.change(select, { target: { value: '' } });
    expect(write).toHaveBeenLastCalledWith(null);
    expect(write).toHaveBeenCalledTimes(2);
  });
});
