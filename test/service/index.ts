import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createState, type ServiceState } from './state';

export type StartOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback address to bind; 127.0.0.1 by default. */
  host?: string;
  /** Mount the /__control API (tests, demo). */
  control?: boolean;
  /** Default analysis job duration in ms (20 000). */
  jobMs?: number;
  /** The service clock (ms since the epoch); inject one to move time without sleeping. */
  now?: () => number;
};

export type RunningService = {
  url: string;
  port: number;
  state: ServiceState;
  close: () => Promise<void>;
};

export { SEEDED_TOKENS } from './accounts';

/** Starts the local service; resolves once it listens. */
export function startService(options: StartOptions = {}): Promise<RunningService> {
  const host = options.host ?? '127.0.0.1';
  const state = createState({ jobMs: options.jobMs ?? 20_000, now: options.now ?? Date.now });
  const app = createApp(state, { control: options.control ?? false });
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, (info: AddressInfo) => {
      const hostPart = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      const close = () =>
        new Promise<void>((done) => {
          if ('closeAllConnections' in server) server.closeAllConnections();
          server.close(() => done());
        });
      resolve({ url: `http://${hostPart}:${info.port}`, port: info.port, state, close });
    });
    server.once('error', reject);
  });
}
