import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type RunningService, startService } from '../service/index';

export type LocalService = {
  readonly url: string;
  readonly state: RunningService['state'];
  /** A POST to the service's control API (`/__control/<path>`). */
  control: (path: string, body: unknown) => Promise<Response>;
};

/**
 * The local service for one test file: started before its tests, reset with its rate limits off before each one
 * (a test that wants limits turns them on), closed after. `jobMs` is how long an analysis job runs.
 */
export function useLocalService(jobMs: number): LocalService {
  let running: RunningService | null = null;
  const started = (): RunningService => {
    if (!running) throw new Error('the local service is started in beforeAll');
    return running;
  };
  const control = (path: string, body: unknown) =>
    fetch(`${started().url}/__control/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  beforeAll(async () => {
    running = await startService({ port: 0, control: true, jobMs });
  });
  afterAll(() => running?.close());
  beforeEach(async () => {
    await control('reset', {});
    await control('limits', { enabled: false });
  });
  return {
    get url() {
      return started().url;
    },
    get state() {
      return started().state;
    },
    control,
  };
}
