import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ExportFormat } from '../../utils/export';
import { t } from '../../utils/i18n/catalogue';
import { Icon } from '../icons';
import { usePressOutside } from './press-outside';

const ITEMS: ReadonlyArray<readonly [ExportFormat, string]> = [
  ['txt', 'TXT'],
  ['srt', 'SRT'],
  ['vtt', 'VTT'],
  ['markdown', 'Markdown'],
  ['json', 'JSON'],
];

interface Props {
  onExport: (format: ExportFormat) => void;
  /** The button's name: "Download", or "Download range" while a range is selected. */
  label?: string;
}

/** "Download" menu button (WAI-ARIA menu button): arrows move, Escape closes and returns focus. */
export function ExportMenu({ onExport, label }: Props) {
  const [open, setOpen] = useState(false);
  const [focusAt, setFocusAt] = useState(0);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // A layout effect, so keys pressed right after opening already land in the menu.
  useLayoutEffect(() => {
    if (!open) return;
    wrap.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focusAt]?.focus();
  }, [open, focusAt]);

  usePressOutside(wrap, open, () => setOpen(false));

  const show = (at: number) => {
    setFocusAt(at);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const at = event.key === 'ArrowDown' ? 0 : ITEMS.length - 1;
      show(at);
      wrap.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[at]?.focus(); // when already open
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: (focusAt + 1) % ITEMS.length,
      ArrowUp: (focusAt - 1 + ITEMS.length) % ITEMS.length,
      Home: 0,
      End: ITEMS.length - 1,
    };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      setFocusAt(to);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div class="tl-menu-wrap" ref={wrap}>
      <button
        ref={button}
        type="button"
        class="tl-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : show(0))}
        onKeyDown={onButtonKey}
      >
        <Icon name="download" />
        <span class="tl-label">{label ?? t('panel.tr.download')}</span>
      </button>
      {open && (
        <div class="tl-menu" role="menu" id={menuId} aria-label={t('panel.tr.format')} onKeyDown={onMenuKey}>
          {ITEMS.map(([format, label], i) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              class="tl-menuitem"
              tabIndex={i === focusAt ? 0 : -1}
              onFocus={() => setFocusAt(i)}
              onClick={() => {
                onExport(format);
                close(true);
              }}
            >
              {label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
