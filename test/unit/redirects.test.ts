import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../utils/api/client';
import { errorSentence } from '../../utils/api/error-text';
import { isRedirect, ServiceError } from '../../utils/api/errors';
import { callTool } from '../../utils/api/mcp';
import { errorOutcome } from '../../utils/till/outcome';

/** A service address that redirects every request, and the address it points at, which records what reached it. */
let redirecting: Server;
let elsewhere: Server;
let base = '';
const arrived: IncomingHttpHeaders[] = [];

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

beforeAll(async () => {
  elsewhere = createServer((request, response) => {
    arrived.push(request.headers);
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"results":[]}');
  });
  const target = await listen(elsewhere);
  redirecting = createServer((request, response) => {
    request.resume();
    response.writeHead(307, { Location: `${target}${request.url}` }).end();
  });
  base = await listen(redirecting);
});

afterAll(() => {
  redirecting.close();
  elsewhere.close();
});

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('requests carrying the token follow no redirect', () => {
  it('the REST client stops at the 307, says why, and the token never reaches the other address', async () => {
    const client = createApiClient({ baseUrl: base, token: 'secret-token', timeoutMs: 2_000 });
    const error = await refusal(client.transcripts({ ids: ['tvaHuman001'] }));
    expect([error.status, error.code]).toEqual([307, 'redirected']);
    expect(error.sentence).toBe(errorSentence('redirected'));
    expect(error.sentence).toMatch(/does not follow it, so your API token goes nowhere else/);
    expect(arrived).toEqual([]);
  });

  it('so does the MCP client', async () => {
    const error = await refusal(callTool({ baseUrl: base, token: 'secret-token', timeoutMs: 2_000 }, 'account'));
    expect(error.code).toBe('redirected');
    expect(arrived).toEqual([]);
  });

  it("a browser's opaque redirect (status 0) is one too", () => {
    const opaque = { type: 'opaqueredirect', status: 0 } as Response;
    expect(isRedirect(opaque)).toBe(true);
    expect(isRedirect(new Response('{}', { status: 200 }))).toBe(false);
    expect(isRedirect(new Response('{}', { status: 404 }))).toBe(false);
  });

  it('a refused redirect charged nothing: the till journals it as refused, not "may have been charged"', async () => {
    const client = createApiClient({ baseUrl: base, token: 'secret-token', timeoutMs: 2_000 });
    const error = await refusal(client.ask(1, 'Why?'));
    expect(errorOutcome(error, 'ask')).toMatchObject({ state: 'refused', code: 'redirected' });
  });
});
