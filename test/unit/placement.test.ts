import { describe, expect, it, vi } from 'vitest';
import {
  decidePlacement,
  HYDRATION_GRACE_MS,
  type PlacementDecision,
  type PlacementState,
  type SeenPage,
} from '../../components/youtube/placement';

const NOW = 100_000;
const PAGE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const OTHER = 'https://www.youtube.com/watch?v=tvaSpanish1';

/** This URL seen by an earlier decision five seconds ago, one second ago, a grace ago; or seen now. */
const kept: SeenPage = { href: PAGE, at: NOW - 5_000 };
const oneSecond: SeenPage = { href: PAGE, at: NOW - 1_000 };
const graceOver: SeenPage = { href: PAGE, at: NOW - HYDRATION_GRACE_MS };
const fresh: SeenPage = { href: PAGE, at: NOW };

/** What the page and the panel look like, but for the pending column (a row says that one). */
type Looked = Omit<PlacementState, 'columnPending'>;

/** A panel in the right column of the watch page it was placed for, the page's best anchor. */
const settled: Looked = {
  wanted: 'column',
  page: 'video',
  watchPage: true,
  best: 'secondary-inner',
  mounted: true,
  placement: 'secondary-inner',
  placedFor: 'video',
  attached: true,
  placing: false,
  href: PAGE,
  now: NOW,
  seen: kept,
};

/** A watch page still being built: nothing mounted yet, only the floating anchor so far. */
const building: Looked = {
  ...settled,
  best: 'floating',
  mounted: false,
  placement: null,
  placedFor: null,
  attached: false,
  seen: { href: OTHER, at: NOW - 60_000 },
};

/** A row: what differs from the base state (columnPending: what the page would answer if asked), then the decision. */
type Row = [name: string, change: Partial<Looked> & { columnPending?: boolean }, expected: PlacementDecision];

const keep = (seen = kept): PlacementDecision => ({ kind: 'keep', seen });
const place = (seen = kept): PlacementDecision => ({ kind: 'place', seen });
const wait = (seen: SeenPage, retryInMs: number | null = null): PlacementDecision => ({
  kind: 'wait',
  seen,
  retryInMs,
});

/** From a panel in place: kept, placed again, or left while a placement is under way. */
const fromSettled: Row[] = [
  ['the wish is not read yet: nothing is placed or timed', { wanted: null, attached: false }, wait(kept)],
  ['in the best anchor', {}, keep()],
  ['in the inner column while only the outer one is found', { best: 'secondary' }, keep()],
  ['in the outer column, the best there is', { placement: 'secondary', best: 'secondary' }, keep()],
  ['floating where no column shows', { placement: 'floating', best: 'floating' }, keep()],
  ['floating as wished', { wanted: 'floating', placement: 'floating', best: 'floating' }, keep()],
  ['on a channel page', { page: 'channel', placedFor: 'channel', placement: 'floating', best: 'floating' }, keep()],
  ['kept on a new URL: the URL is not taken as seen', { href: OTHER }, keep()],
  ['a better anchor appeared (outer → inner column)', { placement: 'secondary' }, place()],
  ['a column appeared under a floating panel', { placement: 'floating', best: 'secondary' }, place()],
  ['YouTube removed or hid the host', { attached: false }, place()],
  ['placed for a channel, now a video', { placedFor: 'channel' }, place()],
  ['placed for a video, now a channel', { page: 'channel', placement: 'floating', best: 'floating' }, place()],
  ['floating wished while in the column', { wanted: 'floating', best: 'floating' }, place()],
  ['not kept on a new URL: the URL is seen now', { attached: false, href: OTHER }, place({ href: OTHER, at: NOW })],
  ['a panel is being placed', { placing: true, attached: false }, wait(kept)],
];

/** From a watch page still being built (nothing mounted, only the floating anchor so far): wait or float. */
const fromBuilding: Row[] = [
  ['the wish is not read yet', { wanted: null, columnPending: true }, wait(building.seen)],
  ['its column is coming, URL new', { columnPending: true }, wait(fresh, HYDRATION_GRACE_MS)],
  ['its column is coming, URL a second old', { columnPending: true, seen: oneSecond }, wait(oneSecond, 500)],
  ['the grace is over: float', { columnPending: true, seen: graceOver }, place(graceOver)],
  ['no column is coming', {}, place(fresh)],
  ['not a /watch page (live): no wait', { columnPending: true, watchPage: false }, place(fresh)],
  ['floating wished: no wait', { columnPending: true, wanted: 'floating' }, place(fresh)],
  ['a channel page: no wait', { columnPending: true, page: 'channel', watchPage: false }, place(fresh)],
  ['a column already found: no wait', { columnPending: true, best: 'secondary' }, place(fresh)],
  ['a detached panel is mounted: no wait', { columnPending: true, mounted: true, placement: 'floating' }, place(fresh)],
  ['a panel is being placed', { placing: true }, wait(fresh)],
  ['a panel is being placed while the column is coming', { placing: true, columnPending: true }, wait(fresh, 1500)],
];

const decide = (base: Looked, { columnPending = false, ...change }: Row[1]) =>
  decidePlacement({ ...base, ...change, columnPending: () => columnPending });

describe('the placement decision: keep, wait or place', () => {
  it.each(fromSettled)('a panel in place, %s', (_name, change, expected) => {
    expect(decide(settled, change)).toEqual(expected);
  });

  it.each(fromBuilding)('a watch page being built, %s', (_name, change, expected) => {
    expect(decide(building, change)).toEqual(expected);
  });

  it('looks the pending column up only for a watch page being built within its grace', () => {
    const columnPending = vi.fn(() => true);
    decidePlacement({ ...settled, columnPending });
    decidePlacement({ ...settled, attached: false, columnPending });
    decidePlacement({ ...building, seen: graceOver, columnPending });
    expect(columnPending).not.toHaveBeenCalled();
    decidePlacement({ ...building, columnPending });
    expect(columnPending).toHaveBeenCalledTimes(1);
  });
});
