// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadList } from '../../components/channel/UploadList';
import { useLocalSearch } from '../../components/channel/useLocalSearch';
import type { UploadRow } from '../../utils/channel/replies';
import { FakeResizeObserver } from './fake-resize-observer';
import { fakeSend } from './kit';

// Every row rendered builds its watch link once: the count of links built is the count of rows rendered.
const built = vi.hoisted(() => ({ links: 0 }));
vi.mock('../../utils/video-id', async (actual) => {
  const real = await actual<typeof import('../../utils/video-id')>();
  return {
    ...real,
    watchUrl: (id: string) => {
      built.links++;
      return real.watchUrl(id);
    },
  };
});

const uploads: UploadRow[] = Array.from({ length: 500 }, (_, i) => ({
  id: `vid${String(i).padStart(8, '0')}`,
  title: `Upload ${i}`,
  published: null,
  saved: false,
  analyzed: false,
}));

// happy-dom lays nothing out: a row is as high as channel.css makes it (min-height 40px) until the test says.
const ROW = (target: Element) => ((target as HTMLElement).dataset.vrow !== undefined ? 40 : 360);

beforeEach(() => {
  built.links = 0;
  FakeResizeObserver.all = [];
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the 500-upload listing’s first render', () => {
  it('renders the first screen of rows once: no pass for the row measurement or the observer’s first report', async () => {
    render(<UploadList uploads={uploads} channelTitle="TVA Demo" />);
    expect(screen.getAllByRole('checkbox')).toHaveLength(15); // 360 / 40 = 9 shown + 6 below
    act(() => FakeResizeObserver.reportAll(ROW));
    await act(async () => {});
    expect(built.links).toBe(15);
  });

  it('renders again with the new heights when a narrower panel re-wraps the rows', async () => {
    const { container } = render(<UploadList uploads={uploads} channelTitle="TVA Demo" />);
    act(() => FakeResizeObserver.reportAll(ROW));
    await act(async () => {});
    expect(built.links).toBe(15);
    // Narrower: every row wraps to 60 px, and the observer reports each.
    act(() => FakeResizeObserver.resizeAll((target) => (ROW(target) === 40 ? 60 : 360)));
    await act(async () => {});
    expect(built.links).toBeGreaterThan(15);
    expect(container.querySelector<HTMLElement>('[data-vrow="1"]')?.style.top).toBe('60px');
  });
});

describe('useLocalSearch', () => {
  it('mounts idle in one render (no state set by its effect)', async () => {
    const bg = fakeSend({});
    let renders = 0;
    function Probe() {
      renders++;
      const local = useLocalSearch(bg.send, '@tvademo', '', ['a', 'b'], { from: 0, to: null });
      return <p>{local.state}</p>;
    }
    render(<Probe />);
    await act(async () => {});
    expect(screen.getByText('idle')).toBeTruthy();
    expect(renders).toBe(1);
    expect(bg.calls()).toHaveLength(0);
  });
});
