import { loadavg } from 'node:os';
import type { BrowserContext } from '@playwright/test';
import { launchTestBrowser } from '../e2e/support/browser';
import { liveWorker } from '../e2e/support/bulk';
import { configureExtension, startTestService, type TestService } from '../e2e/support/service';

/**
 * A bench tool run on its own (`npx tsx test/bench/<tool>.ts`, after `npx wxt build --mode e2e`): the local
 * service and the browser with the extension pointed at it for `token`, closed afterwards; the load is printed
 * last, since it says how far the figures can be trusted. `userDataDir`: a browser profile kept between runs.
 */
export async function standalone(
  token: string,
  use: (context: BrowserContext, service: TestService) => Promise<void>,
  userDataDir = '',
): Promise<void> {
  const service = await startTestService();
  const { context } = await launchTestBrowser({ userDataDir });
  try {
    await configureExtension(await liveWorker(context), service.url, token);
    await use(context, service);
    console.log(`load average ${loadavg().join(' ')}`);
  } finally {
    await context.close();
    await service.running.close();
  }
}
