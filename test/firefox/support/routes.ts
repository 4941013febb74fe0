import type { HTTPRequest } from 'puppeteer-core';
import { fixtureResponse } from '../../fixtures/routes';

const LOCAL = /^https?:\/\/(www\.youtube\.com|m\.youtube\.com|127\.0\.0\.1|localhost)[/:]/;

/** The Chromium suite's fixture routes, answered through puppeteer: nothing else leaves the machine. */
export async function serveFixture(request: HTTPRequest): Promise<void> {
  const url = request.url();
  if (!/^https?:/.test(url)) return request.continue();
  if (!LOCAL.test(url)) return request.abort('blockedbyclient');
  if (!/^https:\/\/(www|m)\.youtube\.com\//.test(url)) return request.continue();
  const response = fixtureResponse(url, request.headers().range);
  return request.respond({ status: response.status, headers: response.headers, body: response.body });
}
