// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadList } from '../../components/channel/UploadList';
import { useLocalSearch } from '../../components/channel/useLocalSearch';
import type { UploadRow } from '../../utils/channel-replies';
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

/** A ResizeObserver the test reports through, as the browser does once after the first layout. */
const observers: (() => void)[] = [];
class FakeResizeObserver {
  constructor(private readonly report: () => void) {}
  observe() {
    observers.push(this.report);
  }
  disconnect() {}
  unobserve() {}
}

const uploads: UploadRow[] = Array.from({ length: 500 }, (_, i) => ({
  id: `vid${String(i).padStart(8, '0')}`,
  title: `Upload ${i}`,
  published: null,
  saved: false,
  analyzed: false,
}));

let width = 320;
beforeEach(() => {
  built.links = 0;
  width = 320;
  observers.length = 0;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => width);
  // happy-dom lays nothing out: a row is as high as channel.css makes it (min-height 40px).
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => new DOMRect(0, 0, width, 40));
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
    act(() => {
      for (const report of observers) report();
    });
    await act(async () => {});
    expect(built.links).toBe(15);
  });

  it('renders again (and measures again) when the panel’s width changes', async () => {
    render(<UploadList uploads={uploads} channelTitle="TVA Demo" />);
    width = 280;
    act(() => {
      for (const report of observers) report();
    });
    await act(async () => {});
    expect(built.links).toBe(30);
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
