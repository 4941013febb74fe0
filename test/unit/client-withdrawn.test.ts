import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../utils/api/client';
import { ServiceError } from '../../utils/api/errors';
import { errorOutcome } from '../../utils/till/outcome';

/**
 * A request the scheduler withdrew before it left (an early turn whose run was cancelled, core.ts `metered`)
 * reaches the till as never sent: refused, not a network failure that may have been charged.
 */
describe('a request withdrawn before it was sent', () => {
  it('is an aborted request, journaled as refused', async () => {
    const client = createApiClient({
      baseUrl: 'http://127.0.0.1:9',
      token: 'demo-pro',
      fetch: async () => {
        throw new ServiceError(0, 'aborted', 'The request was cancelled.');
      },
    });
    const error = await client.transcripts({ ids: ['tvaAutoGen1'], lang: 'en' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('aborted');
    expect(errorOutcome(error, 'transcript').state).toBe('refused');
  });

  it('a fetch that fails otherwise is still a network failure that may have been charged', async () => {
    const client = createApiClient({
      baseUrl: 'http://127.0.0.1:9',
      token: 'demo-pro',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await client.transcripts({ ids: ['tvaAutoGen1'], lang: 'en' }).catch((e: unknown) => e);
    expect((error as ServiceError).code).toBe('network');
    expect(errorOutcome(error, 'transcript').state).toBe('unknown');
  });
});
