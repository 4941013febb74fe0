// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReply } from '../../components/hooks/useReply';
import type { Reply } from '../../utils/protocol/envelope';

afterEach(cleanup);

/** A reply the test hands over when it chooses. */
function deferred() {
  let answer: (reply: Reply<string>) => void = () => {};
  const promise = new Promise<Reply<string>>((resolve) => {
    answer = resolve;
  });
  return { promise, answer: async (reply: Reply<string>) => act(async () => answer(reply)) };
}

function setup() {
  const asked: ReturnType<typeof deferred>[] = [];
  const onData = vi.fn();
  const onError = vi.fn();
  const hook = renderHook(
    ({ key }) =>
      useReply(
        () => {
          const next = deferred();
          asked.push(next);
          return next.promise;
        },
        { onData, onError },
        [key],
      ),
    { initialProps: { key: 'a' } },
  );
  return { asked, onData, onError, hook };
}

describe('useReply: one question to the background and its answer', () => {
  it('hands the data over, or the error', async () => {
    const { asked, onData, onError, hook } = setup();
    await asked[0]?.answer({ ok: true, data: 'first' });
    expect(onData).toHaveBeenCalledWith('first');
    hook.rerender({ key: 'b' });
    await asked[1]?.answer({ ok: false, error: { code: 'timeout', message: 'late' } });
    expect(onError).toHaveBeenCalledWith({ code: 'timeout', message: 'late' });
    expect(onData).toHaveBeenCalledTimes(1);
  });

  it('asks again only when its inputs change', () => {
    const { asked, hook } = setup();
    hook.rerender({ key: 'a' });
    expect(asked).toHaveLength(1);
    hook.rerender({ key: 'b' });
    expect(asked).toHaveLength(2);
  });

  it('drops an answer to an old question, and one that arrives after the component went', async () => {
    const { asked, onData, hook } = setup();
    hook.rerender({ key: 'b' });
    await asked[0]?.answer({ ok: true, data: 'old' });
    expect(onData).not.toHaveBeenCalled();
    await asked[1]?.answer({ ok: true, data: 'new' });
    expect(onData).toHaveBeenCalledWith('new');
    hook.rerender({ key: 'c' });
    hook.unmount();
    await asked[2]?.answer({ ok: true, data: 'gone' });
    expect(onData).toHaveBeenCalledTimes(1);
  });
});
