import { useEffect } from 'preact/hooks';

/** A video must stay on screen this long before it loads by itself: rapid or scripted navigation buys nothing. */
export const DWELL_MS = 3_000;
/** Without a trusted click or key from the person in between, at most one automatic load this often. */
export const AUTO_GAP_MS = 60_000;

let lastInputAt = 0;
let lastAutoAt = 0;
let listening = false;

function listenForPerson(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const seen = (event: Event) => {
    if (event.isTrusted) lastInputAt = Date.now();
  };
  // Captured on the window: a person's click or key anywhere on the page counts; a script's cannot.
  window.addEventListener('pointerdown', seen, { capture: true, passive: true });
  window.addEventListener('keydown', seen, { capture: true, passive: true });
}

/**
 * What "in view" is for the panel: a visible tab whose page has the focus. By default that is the panel's own
 * document; in the panel's frame the content script tells it about the page
 * (components/youtube/frame/page-view.ts), since the frame's document has the focus only while the person is in it.
 */
export type ViewSource = {
  inView(): boolean;
  /** Calls back when the answer may have changed; returns a stop function. */
  listen(onChange: () => void): () => void;
};

const ownDocument: ViewSource = {
  inView: () => document.visibilityState === 'visible' && document.hasFocus(),
  listen(onChange) {
    const stop = new AbortController();
    const { signal } = stop;
    document.addEventListener('visibilitychange', onChange, { signal });
    window.addEventListener('focus', onChange, { signal });
    window.addEventListener('blur', onChange, { signal });
    return () => stop.abort();
  },
};

let view: ViewSource = ownDocument;

/** The panel's frame says where "in view" comes from (once, before it draws). */
export function setViewSource(source: ViewSource): void {
  view = source;
}

/** A person's trusted click or key on the page, seen by the content script for the panel's frame. */
export function notePersonInput(at = Date.now()): void {
  lastInputAt = at;
}

const inView = (): boolean => view.inView();

/** The content script's half of the automatic-load rule (the background checks the setting, tab and floor). */
export function mayAutoLoad(now = Date.now()): boolean {
  return inView() && (lastAutoAt === 0 || lastInputAt > lastAutoAt || now - lastAutoAt >= AUTO_GAP_MS);
}

/**
 * Loads by itself when the person chose "Load transcripts automatically": once the video has been on screen,
 * in a visible and focused tab, for DWELL_MS; a hidden tab waits until it is seen.
 */
export function useAutoLoad(active: boolean, load: () => void): void {
  useEffect(() => {
    if (!active) return;
    listenForPerson();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      if (!inView()) return;
      timer = setTimeout(() => {
        if (!mayAutoLoad()) return;
        lastAutoAt = Date.now();
        load();
      }, DWELL_MS);
    };
    const onChange = () => (inView() ? arm() : clearTimeout(timer));
    arm();
    const stop = view.listen(onChange);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [active, load]);
}
