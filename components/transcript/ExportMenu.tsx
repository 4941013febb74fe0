import { useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ExportFormat } from '../../utils/export';

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
export function ExportMenu({ onExport, label = 'Download' }: Props) {
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

  // A press anywhere else closes the menu. Presses inside the panel are judged on its shadow root, where
  // composedPath is whole even when the root is closed; presses on the page, on the document, where a closed
  // root shows only its host. A layout effect, so the very next press already counts.
  useLayoutEffect(() => {
    const menu = wrap.current;
    const doc = menu?.ownerDocument;
    if (!open || !menu || !doc) return;
    const root = menu.getRootNode();
    const host = root instanceof ShadowRoot ? root.host : null;
    const inside = (event: Event) => {
      if (!event.composedPath().includes(menu)) setOpen(false);
    };
    const outside = (event: Event) => {
      if (host && !event.composedPath().includes(host)) setOpen(false);
    };
    const target = host ? root : doc;
    target.addEventListener('pointerdown', inside, true);
    if (host) doc.addEventListener('pointerdown', outside, true);
    return () => {
      target.removeEventListener('pointerdown', inside, true);
      doc.removeEventListener('pointerdown', outside, true);
    };
  }, [open]);

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
        {label}
      </button>
      {open && (
        <div class="tl-menu" role="menu" id={menuId} aria-label="Download format" onKeyDown={onMenuKey}>
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
