import type { PanelPlacement } from '../../utils/panel/prefs';
import type { Placement } from './anchor';

/** How long a watch page still being built may take to show its column before the panel floats instead. */
export const HYDRATION_GRACE_MS = 1500;

export type PageKind = 'video' | 'channel';

/** A URL and when a placement decision first saw it, for the hydration grace. */
export type SeenPage = { href: string; at: number };

/** What the page and the panel look like now: everything the decision reads, already looked up. */
export type PlacementState = {
  /** The person's choice for watch pages; null until it is read (nothing is placed before it is known). */
  wanted: PanelPlacement | null;
  /** What the URL shows. */
  page: PageKind;
  /** The URL is a `/watch` page: the only kind whose column is worth waiting for. */
  watchPage: boolean;
  /** The best anchor the page offers now. */
  best: Placement;
  /** A panel is mounted (false before the first one and while one is being placed). */
  mounted: boolean;
  /** Where the mounted panel sits; null when none is. */
  placement: Placement | null;
  /** The kind of page the panel was last placed for. */
  placedFor: PageKind | null;
  /** The panel's host is in the page, outside any hidden layout, and shown (or floating, or in fullscreen). */
  attached: boolean;
  /** A panel is being placed now. */
  placing: boolean;
  href: string;
  now: number;
  /** The URL the last decision that did not keep the panel saw, and since when. */
  seen: SeenPage;
  /** The watch page is still being built: its column may appear in a moment. Asked only when it matters. */
  columnPending: () => boolean;
};

/**
 * keep: the panel is where it should be (render it for this page); wait: do nothing now, and look again in
 * `retryInMs` when given; place: mount the panel again in the best anchor. `seen` is the next decision's.
 */
export type PlacementDecision =
  | { kind: 'keep'; seen: SeenPage }
  | { kind: 'wait'; seen: SeenPage; retryInMs: number | null }
  | { kind: 'place'; seen: SeenPage };

const RANK: Record<Placement, number> = { 'secondary-inner': 0, secondary: 1, floating: 2 };

/** Whether the panel on a video or channel page stays, waits for the page, or is placed (again). */
export function decidePlacement(state: PlacementState): PlacementDecision {
  const { wanted, placement, seen } = state;
  if (wanted === null) return { kind: 'wait', seen, retryInMs: null };
  const asWanted = !(wanted === 'floating' && placement !== 'floating');
  if (
    state.attached &&
    state.placedFor === state.page &&
    asWanted &&
    placement !== null &&
    RANK[placement] <= RANK[state.best]
  ) {
    return { kind: 'keep', seen };
  }
  const since = seen.href === state.href ? seen : { href: state.href, at: state.now };
  const waited = state.now - since.at;
  // A watch page still being built: its column is coming, so wait for it rather than float and move.
  const columnComing =
    state.best === 'floating' &&
    wanted === 'column' &&
    state.page === 'video' &&
    state.watchPage &&
    !state.mounted &&
    waited < HYDRATION_GRACE_MS &&
    state.columnPending();
  if (columnComing) return { kind: 'wait', seen: since, retryInMs: HYDRATION_GRACE_MS - waited };
  if (state.placing) return { kind: 'wait', seen: since, retryInMs: null };
  return { kind: 'place', seen: since };
}
