// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoadOnOpen } from '../../entrypoints/popup/LoadedList';
import type { Parsed } from '../../utils/api/read/watchlists';
import type { Reply } from '../../utils/protocol/envelope';

afterEach(cleanup);

const read = (data: string[]): Parsed<string> => ({ kind: 'list', items: data, unread: [] });

describe('a popup list read when first opened', () => {
  it('asks once: not while shut, not again while the answer is on its way, nor after it came', async () => {
    let answer: (reply: Reply<string[]>) => void = () => {};
    const ask = vi.fn(
      () =>
        new Promise<Reply<string[]>>((resolve) => {
          answer = resolve;
        }),
    );
    const { result } = renderHook(() => useLoadOnOpen(ask, read));
    expect(ask).not.toHaveBeenCalled();
    await act(() => void result.current.toggle());
    expect(result.current.load).toEqual({ state: 'loading' });
    await act(() => void result.current.toggle());
    await act(() => void result.current.toggle());
    expect(ask).toHaveBeenCalledTimes(1);
    await act(async () => answer({ ok: true, data: ['a', 'b'] }));
    expect(result.current.load).toEqual({ state: 'done', data: read(['a', 'b']) });
    await act(() => void result.current.toggle());
    await act(() => void result.current.toggle());
    expect(result.current.open).toBe(true);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('keeps the error of a failed answer', async () => {
    const error = { code: 'timeout', message: 'late' };
    const { result } = renderHook(() =>
      useLoadOnOpen(async (): Promise<Reply<string[]>> => ({ ok: false, error }), read),
    );
    await act(async () => result.current.toggle());
    expect(result.current.load).toEqual({ state: 'error', error });
  });
});
