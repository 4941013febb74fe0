/**
 * Chapter and evidence markers on YouTube's progress bar. This is page DOM, outside the panel's shadow root, so
 * styles are inline and every text goes in through attributes, never markup.
 */
import { t } from '../../utils/i18n/catalogue';
import { formatTime } from '../../utils/timecode';
import { SELECTORS } from './selectors';

export interface MarkerItem {
  time: number | null;
  label: string;
  kind: 'chapter' | 'evidence';
}

/** Removes the markers and stops watching the bar. `refresh()` re-attaches them after YouTube re-renders it. */
export type MarkerCleanup = (() => void) & { refresh: () => void };

export const MARKERS_CLASS = 'tl-markers';
const BAR_SELECTOR = SELECTORS.progressBar;
const COLORS = { chapter: '#ffffff', evidence: '#3ea6ff' } as const;
// YouTube seeks on pointer/mouse down on the bar, so all of these must stop at the marker.
const SWALLOWED = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'touchend', 'click'];
const MAX_LABEL = 200;

const active = new WeakMap<Document, () => void>();

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_LABEL ? `${flat.slice(0, MAX_LABEL - 1)}…` : flat;
}

function validItems(items: readonly MarkerItem[], duration: number): MarkerItem[] {
  return items.filter(
    (i) => typeof i.time === 'number' && Number.isFinite(i.time) && i.time >= 0 && i.time <= duration,
  );
}

function buildMarker(
  doc: Document,
  item: MarkerItem & { time: number },
  duration: number,
  onSeek: (t: number) => void,
) {
  const marker = doc.createElement('button');
  marker.type = 'button';
  marker.className = `tl-marker tl-marker-${item.kind}`;
  const label = clip(item.label);
  const when = formatTime(item.time);
  marker.title = label ? `${when} ${label}` : when;
  marker.setAttribute(
    'aria-label',
    label
      ? t('panel.markerWith', { kind: item.kind, time: when, label })
      : t('panel.marker', { kind: item.kind, time: when }),
  );
  marker.dataset.time = String(item.time);
  const pct = Math.min(100, Math.max(0, (item.time / duration) * 100));
  const s = marker.style;
  s.setProperty('position', 'absolute');
  s.setProperty('left', `${pct}%`);
  s.setProperty('bottom', '0');
  s.setProperty('transform', 'translateX(-50%)');
  s.setProperty('width', item.kind === 'chapter' ? '4px' : '6px');
  s.setProperty('height', item.kind === 'chapter' ? '100%' : '6px');
  s.setProperty('min-height', '5px');
  s.setProperty('margin-bottom', item.kind === 'chapter' ? '0' : '6px');
  s.setProperty('padding', '0');
  s.setProperty('border', '0');
  s.setProperty('border-radius', item.kind === 'chapter' ? '1px' : '50%');
  s.setProperty('background', COLORS[item.kind]);
  s.setProperty('box-shadow', '0 0 0 1px rgba(0,0,0,0.5)');
  s.setProperty('cursor', 'pointer');
  s.setProperty('pointer-events', 'auto');
  for (const type of SWALLOWED) marker.addEventListener(type, (event) => event.stopPropagation());
  marker.addEventListener('click', (event) => {
    event.preventDefault();
    onSeek(item.time);
  });
  // Enter/Space activate the button; YouTube must not also read them as shortcuts (Space = play/pause).
  marker.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') event.stopPropagation();
  });
  return marker;
}

function buildContainer(doc: Document, items: MarkerItem[], duration: number, onSeek: (t: number) => void) {
  const box = doc.createElement('div');
  box.className = MARKERS_CLASS;
  box.setAttribute('aria-label', t('panel.markers'));
  const s = box.style;
  s.setProperty('position', 'absolute');
  s.setProperty('inset', '0');
  s.setProperty('pointer-events', 'none');
  s.setProperty('z-index', '45');
  for (const item of items) {
    if (item.time !== null) box.appendChild(buildMarker(doc, { ...item, time: item.time }, duration, onSeek));
  }
  return box;
}

/**
 * Draws markers inside `.ytp-progress-bar`, replacing any drawn before. Items without a time inside the video are
 * skipped. Returns a cleanup that also carries `refresh()`; a mutation observer on the player calls it too.
 */
export function renderProgressMarkers(
  doc: Document,
  items: readonly MarkerItem[],
  durationSeconds: number,
  onSeek: (seconds: number) => void,
): MarkerCleanup {
  active.get(doc)?.();
  for (const stale of Array.from(doc.querySelectorAll(`.${MARKERS_CLASS}`))) stale.remove();

  const duration = Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : 0;
  const shown = duration ? validItems(items, duration) : [];
  const container = buildContainer(doc, shown, duration, onSeek);
  let stopped = false;

  const refresh = (): void => {
    if (stopped || shown.length === 0) return;
    const bar = doc.querySelector(BAR_SELECTOR);
    if (bar && container.parentElement !== bar) bar.appendChild(container);
  };

  const View = doc.defaultView;
  const observer = View?.MutationObserver
    ? new View.MutationObserver(() => {
        if (!container.isConnected) refresh();
      })
    : null;
  const root = doc.querySelector('#movie_player') ?? doc.body;
  if (observer && root && shown.length > 0) observer.observe(root, { childList: true, subtree: true });

  const cleanup = (() => {
    if (stopped) return;
    stopped = true;
    observer?.disconnect();
    container.remove();
    if (active.get(doc) === cleanup) active.delete(doc);
  }) as MarkerCleanup;
  cleanup.refresh = refresh;
  active.set(doc, cleanup);
  refresh();
  return cleanup;
}
