/**
 * A bare CDP connection to a browser's target over its WebSocket (Node 22's global WebSocket), with flattened
 * sessions: what the driverless bench uses instead of Playwright, which attaches to every frame it sees and
 * sets each up (Runtime, its utility world, Page and Network domains, init scripts). Here nothing is attached,
 * enabled or injected unless a caller asks.
 */
export type CdpEvent = { method: string; params: Record<string, unknown>; sessionId?: string };

export type RawCdp = {
  send: <T = Record<string, unknown>>(method: string, params?: object, sessionId?: string) => Promise<T>;
  /** Calls `listener` with every event; returns a function that stops it. */
  listen: (listener: (event: CdpEvent) => void) => () => void;
  close: () => void;
};

type Answer = { id?: number; result?: unknown; error?: { message: string } } & Partial<CdpEvent>;

export async function connectCdp(url: string): Promise<RawCdp> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error(`no CDP at ${url}`)), { once: true });
  });
  let lastId = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(event: CdpEvent) => void>();
  socket.addEventListener('message', (message: MessageEvent) => {
    const answer = JSON.parse(String(message.data)) as Answer;
    if (answer.id !== undefined) {
      const call = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (answer.error) call?.reject(new Error(answer.error.message));
      else call?.resolve(answer.result);
    } else if (answer.method) {
      const event = { method: answer.method, params: answer.params ?? {}, sessionId: answer.sessionId };
      for (const listener of listeners) listener(event);
    }
  });
  socket.addEventListener('close', () => {
    for (const call of waiting.values()) call.reject(new Error('CDP connection closed'));
    waiting.clear();
  });
  const send = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      waiting.set(id, {
        resolve: (value) => resolve(value as T),
        reject: (error) => reject(new Error(`${method}: ${error.message}`)),
      });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  const listen = (listener: (event: CdpEvent) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { send, listen, close: () => socket.close() };
}
