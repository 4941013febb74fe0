import { join } from 'node:path';
import { launchTestBrowser } from '../e2e/support/browser';
import { buildTestExtension, ROOT } from '../e2e/support/build';
import { startService } from '../service/index';
import { routeDemo } from './pages';
import { runStore } from './store';
import { runTour } from './tour';

/**
 * `npm run demo`: the local service, a build that may reach it, and Chromium with the extension on the demo
 * watch page (test/demo/page/, YouTube's look drawn locally). With a display the browser stays open for you;
 * without one the tour runs headless, saves a screenshot per step to demo-output/ and exits 0.
 * `npm run demo -- --store`: headless, the store screenshots and the promotional tile in demo-output/store/.
 */
const store = process.argv.includes('--store');
const headed = Boolean(process.env.DISPLAY) && process.env.DEMO_HEADLESS !== '1' && !store;
const port = Number(process.env.DEMO_PORT ?? 8787);
const TOKEN = 'demo-pro';

async function main(): Promise<void> {
  buildTestExtension();
  const service = await startService({ port, control: true, jobMs: headed ? 20_000 : 6_000 }).catch(() =>
    startService({ port: 0, control: true, jobMs: headed ? 20_000 : 6_000 }),
  );
  console.log(`Local service: ${service.url} (token ${TOKEN})`);
  const { context, worker, extensionId } = await launchTestBrowser({ headless: !headed });
  await routeDemo(context);

  await saveThroughOptions(context, extensionId, service.url);
  const out = process.env.DEMO_OUTPUT ?? join(ROOT, 'demo-output');

  if (store) {
    const files = await runStore(context, extensionId, out);
    console.log('Store screenshots and tile:');
    for (const file of files) console.log(`  ${file}`);
    await context.close();
    await service.close();
    return;
  }

  if (headed) {
    const page = await context.newPage();
    await page.goto('https://www.youtube.com/watch?v=tvaHuman001');
    console.log('Chromium is open with Transcript Lens. Close the browser window to stop.');
    await new Promise<void>((resolve) => context.on('close', () => resolve()));
    await service.close();
    return;
  }
  const shots = await runTour(context, worker, extensionId, out);
  console.log('Demo tour screenshots:');
  for (const shot of shots) console.log(`  ${shot.step}: ${shot.path}`);
  await context.close();
  await service.close();
}

/** Saves the demo token and the service address the way a person would: in the options page. */
async function saveThroughOptions(
  context: import('@playwright/test').BrowserContext,
  extensionId: string,
  url: string,
) {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  // The token field is a password field (no textbox role): find it by its label, as a person reads it.
  await options.getByLabel('API token', { exact: true }).fill(TOKEN);
  await options.getByLabel('Service address').fill(url);
  await options.getByRole('button', { name: 'Save', exact: true }).click();
  await options.getByText('Saved.', { exact: true }).waitFor();
  await options.close();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
