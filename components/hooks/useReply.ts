import { type Inputs, useEffect } from 'preact/hooks';
import type { Reply, ReplyError } from '../../utils/protocol/envelope';

type Handlers<T> = { onData: (data: T) => void; onError: (error: ReplyError) => void };

/**
 * Asks the background again whenever `inputs` change and hands the reply to `onData` or `onError`. A reply that
 * arrives after the inputs changed again, or after the component went, is dropped: it answers an old question.
 */
export function useReply<T>(ask: () => Promise<Reply<T>>, { onData, onError }: Handlers<T>, inputs: Inputs): void {
  useEffect(() => {
    let live = true;
    void ask().then((reply) => {
      if (!live) return;
      if (reply.ok) onData(reply.data);
      else onError(reply.error);
    });
    return () => {
      live = false;
    };
  }, inputs);
}
