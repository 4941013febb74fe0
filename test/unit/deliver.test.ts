import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { send } from '../../components/youtube/background-line';
import { sendToBackground } from '../../utils/protocol/deliver';
import { sendPage } from '../../utils/protocol/send';

const undelivered = () => new Error('Could not establish connection. Receiving end does not exist.');
const noWait = () => Promise.resolve();
type Sent = MockInstance<(message: unknown) => Promise<unknown>>;
const spySend = (): Sent => vi.spyOn(fakeBrowser.runtime, 'sendMessage') as unknown as Sent;

describe('a message a stopping or starting worker missed', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    fakeBrowser.reset();
  });

  it('is sent again until the worker takes it, and its reply is the answer', async () => {
    const sent = spySend()
      .mockRejectedValueOnce(undelivered())
      .mockRejectedValueOnce(undelivered())
      .mockResolvedValueOnce({ ok: true, data: 7 });
    await expect(sendToBackground({ type: 'x' }, [1, 1, 1], noWait)).resolves.toEqual({ ok: true, data: 7 });
    expect(sent).toHaveBeenCalledTimes(3);
  });

  it('gives up after the last wait with the browser error', async () => {
    const sent = spySend().mockRejectedValue(undelivered());
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    await expect(sendToBackground({ type: 'x' }, [5, 10], sleep)).rejects.toThrow(/Receiving end/);
    expect(sent).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([5, 10]);
  });

  it('is never sent again once it may have reached the worker (its reply was lost): the background may have acted', async () => {
    const sent = spySend().mockRejectedValue(new Error('The message port closed before a response was received.'));
    await expect(sendToBackground({ type: 'transcript.fetch' }, [1, 1], noWait)).rejects.toThrow(/port closed/);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('is not sent again when the extension was updated or removed (no runtime id): the page must be reloaded', async () => {
    const sent = spySend().mockRejectedValue(undelivered());
    vi.spyOn(fakeBrowser.runtime, 'id', 'get').mockReturnValue(undefined as unknown as string);
    await expect(sendToBackground({ type: 'x' }, [1, 1], noWait)).rejects.toThrow();
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('reaches the panel and the pages as their reply, through both lines', async () => {
    spySend()
      .mockRejectedValueOnce(undelivered())
      .mockResolvedValueOnce({ ok: true, data: { plan: 'free' } })
      .mockRejectedValueOnce(undelivered())
      .mockResolvedValueOnce({ ok: true, data: 3 });
    await expect(send({ type: 'account.get' } as never)).resolves.toEqual({ ok: true, data: { plan: 'free' } });
    await expect(sendPage({ type: 'account.get' } as never)).resolves.toEqual({ ok: true, data: 3 });
  });
});
