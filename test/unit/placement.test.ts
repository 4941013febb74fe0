import { describe, expect, it, vi } from 'vitest';
import {
  decidePlacement,
  HYDRATION_GRACE_MS,
  type PlacementDecision,
  type PlacementState,
} from '../../entrypoints/youtube.content/placement';

const NOW = 100_000;
const PAGE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const OTHER = 'https://www.youtube.com/watch?v=tvaSpanish1';

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
  seen: { href: PAGE, at: NOW - 5_000 },
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

type Row = [
  name: string,
  /** What differs from the base; columnPending is what the page would answer if asked. */
  state: Partial<Looked> & { columnPending?: boolean },
  base: Looked,
  expected: PlacementDecision,
];

const kept = { href: PAGE, at: NOW - 5_000 };
const fresh = { href: PAGE, at: NOW };

const rows: Row[] = [
  // The person's choice is not read yet: nothing is placed, nothing is timed.
  ['the wish is not read yet', { wanted: null }, building, { kind: 'wait', seen: building.seen, retryInMs: null }],
  // keep
  ['in the best anchor', {}, settled, { kind: 'keep', seen: kept }],
  [
    'in the column while the inner column is gone',
    { placement: 'secondary-inner', best: 'secondary' },
    settled,
    { kind: 'keep', seen: kept },
  ],
  [
    'in the outer column, the best there is',
    { placement: 'secondary', best: 'secondary' },
    settled,
    { kind: 'keep', seen: kept },
  ],
  [
    'floating where no column shows',
    { placement: 'floating', best: 'floating' },
    settled,
    { kind: 'keep', seen: kept },
  ],
  [
    'floating as wished',
    { wanted: 'floating', placement: 'floating', best: 'floating' },
    settled,
    { kind: 'keep', seen: kept },
  ],
  [
    'floating on a channel page',
    { page: 'channel', placedFor: 'channel', watchPage: false, placement: 'floating', best: 'floating' },
    settled,
    { kind: 'keep', seen: kept },
  ],
  ['kept on a new URL: the URL is not taken as seen', { href: OTHER }, settled, { kind: 'keep', seen: kept }],
  // place again
  [
    'a better anchor appeared (outer → inner column)',
    { placement: 'secondary', best: 'secondary-inner' },
    settled,
    { kind: 'place', seen: kept },
  ],
  [
    'a column appeared under a floating panel',
    { placement: 'floating', best: 'secondary' },
    settled,
    { kind: 'place', seen: kept },
  ],
  ['YouTube removed or hid the host', { attached: false }, settled, { kind: 'place', seen: kept }],
  ['placed for a channel, now a video', { placedFor: 'channel' }, settled, { kind: 'place', seen: kept }],
  [
    'placed for a video, now a channel',
    { page: 'channel', watchPage: false, best: 'floating', placement: 'floating' },
    settled,
    { kind: 'place', seen: kept },
  ],
  [
    'floating wished while in the column',
    { wanted: 'floating', best: 'floating' },
    settled,
    { kind: 'place', seen: kept },
  ],
  [
    'not kept on a new URL: the URL is seen now',
    { attached: false, href: OTHER },
    settled,
    { kind: 'place', seen: { href: OTHER, at: NOW } },
  ],
  // a watch page still being built
  [
    'its column is coming, URL new',
    { columnPending: true },
    building,
    { kind: 'wait', seen: fresh, retryInMs: HYDRATION_GRACE_MS },
  ],
  [
    'its column is coming, URL seen a second ago',
    { columnPending: true, seen: { href: PAGE, at: NOW - 1_000 } },
    building,
    { kind: 'wait', seen: { href: PAGE, at: NOW - 1_000 }, retryInMs: HYDRATION_GRACE_MS - 1_000 },
  ],
  [
    'the grace is over: float',
    { columnPending: true, seen: { href: PAGE, at: NOW - HYDRATION_GRACE_MS } },
    building,
    { kind: 'place', seen: { href: PAGE, at: NOW - HYDRATION_GRACE_MS } },
  ],
  ['no column is coming', { columnPending: false }, building, { kind: 'place', seen: fresh }],
  [
    'not a /watch page (live, shorts): no wait',
    { columnPending: true, watchPage: false },
    building,
    { kind: 'place', seen: fresh },
  ],
  ['floating wished: no wait', { columnPending: true, wanted: 'floating' }, building, { kind: 'place', seen: fresh }],
  [
    'a channel page: no wait',
    { columnPending: true, page: 'channel', watchPage: false },
    building,
    { kind: 'place', seen: fresh },
  ],
  [
    'a column already found: no wait',
    { columnPending: true, best: 'secondary' },
    building,
    { kind: 'place', seen: fresh },
  ],
  [
    'a panel is mounted (detached): no wait',
    { columnPending: true, mounted: true, placement: 'floating', placedFor: 'video' },
    building,
    { kind: 'place', seen: fresh },
  ],
  // a placement under way
  [
    'a panel is being placed',
    { placing: true, attached: false },
    settled,
    { kind: 'wait', seen: kept, retryInMs: null },
  ],
  [
    'a panel is being placed while the column is coming',
    { placing: true, columnPending: true },
    building,
    { kind: 'wait', seen: fresh, retryInMs: HYDRATION_GRACE_MS },
  ],
];

describe('the placement decision: keep, wait or place', () => {
  it.each(rows)('%s', (_name, { columnPending = false, ...state }, base, expected) => {
    expect(decidePlacement({ ...base, ...state, columnPending: () => columnPending })).toEqual(expected);
  });

  it('looks the pending column up only for a watch page being built within its grace', () => {
    const columnPending = vi.fn(() => true);
    decidePlacement({ ...settled, columnPending });
    decidePlacement({ ...settled, attached: false, columnPending });
    decidePlacement({ ...building, seen: { href: PAGE, at: NOW - HYDRATION_GRACE_MS }, columnPending });
    expect(columnPending).not.toHaveBeenCalled();
    decidePlacement({ ...building, columnPending });
    expect(columnPending).toHaveBeenCalledTimes(1);
  });
});
