import type { RefObject } from 'preact';
import { useEffect } from 'preact/hooks';

/** "/" anywhere but a field goes to the search box, as on most sites with one. */
export function useSlashToSearch(searchBox: RefObject<HTMLInputElement>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const field = e.target instanceof HTMLElement && e.target.closest('input, select, textarea, button');
      if (e.key === '/' && !field) {
        e.preventDefault();
        searchBox.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
