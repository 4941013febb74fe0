// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PartsBar } from '../../entrypoints/library/PartsBar';
import type { InParts } from '../../entrypoints/library/parts';
import type { Outcome } from '../../entrypoints/library/transfer';
import { useInParts } from '../../entrypoints/library/useInParts';

afterEach(cleanup);

const run = async (work: () => Promise<Outcome>) => {
  await work();
};

/** A page holding the work's bar, its renders counted: the library page re-renders its whole list when it does. */
function Page({ work, rendered }: { work: (how: InParts) => Promise<Outcome>; rendered: () => void }) {
  const inParts = useInParts(run);
  rendered();
  return (
    <main>
      <button type="button" onClick={() => void inParts.start('export', work)}>
        Go
      </button>
      {inParts.feed && <PartsBar feed={inParts.feed} onCancel={inParts.cancel} />}
    </main>
  );
}

describe('library: the bar of work done in parts', () => {
  it('follows every part while the page around it renders only when the work starts and ends', async () => {
    let how: InParts | null = null;
    let finish = (_: Outcome) => {};
    let renders = 0;
    render(
      <Page
        rendered={() => renders++}
        work={(given) => {
          how = given;
          return new Promise<Outcome>((resolve) => {
            finish = resolve;
          });
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(how).not.toBeNull());
    // The start's own render done first.
    await act(async () => {});
    const started = renders;
    for (const done of [0, 100, 200, 300]) {
      act(() => how?.onProgress({ done, total: 950 }));
      expect(screen.getByRole('region', { name: 'Export progress' }).textContent).toContain(
        `Exporting ${done} of 950 videos…`,
      );
    }
    expect(renders).toBe(started);
    await act(async () => finish({ ok: true, message: 'done' }));
    expect(screen.queryByRole('region', { name: 'Export progress' })).toBeNull();
  });
});
