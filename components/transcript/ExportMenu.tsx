import { useEffect, useId, useRef, useState } from 'preact/hooks';
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
}

/** "Download" menu button (WAI-ARIA menu button): arrows move, Escape closes and returns focus. */
export function ExportMenu({ onExport }: Props) {
  const [open, setOpen] = useState(false);
  const [focusAt, setFocusAt] = useState(0);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    wrap.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focusAt]?.focus();
  }, [open, focusAt]);

  // A press anywhere else closes the menu. The listener sits on our root node (the shadow root in the
  // page), where targets are not retargeted to the host.
  useEffect(() => {
    if (!open) return;
    const root = wrap.current?.getRootNode() as Document | ShadowRoot | undefined;
    const onDown = (event: Event) => {
      if (!event.composedPath().includes(wrap.current as EventTarget)) setOpen(false);
    };
    root?.addEventListener('pointerdown', onDown, true);
    return () => root?.removeEventListener('pointerdown', onDown, true);
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
      show(event.key === 'ArrowDown' ? 0 : ITEMS.length - 1);
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
        Download
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
