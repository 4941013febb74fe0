import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { panelFrame } from './panel-frame';
import { SAVED, saveTranscripts } from './saved-videos';
import { standalone } from './standalone';

/**
 * `npx tsx test/bench/page-lazy-compiles.ts [loads]` (after `npx wxt build --mode e2e`): which of the extension's
 * functions V8 compiles lazily on a watch page's main thread, by name. The trace's `V8.CompileCode` events carry
 * no names (page-trace.ts counts them); V8's own log does (`--log-function-events`: a `parse-function` line is a
 * function compiled at its first call, with its script, source range and time). Chromium is started with that flag
 * (TL_JS_FLAGS, test/e2e/support/browser.ts), each renderer writes its log, and the logs of the renderers that ran
 * the content script are read. Build with minification off (wxt.config.ts) for readable names.
 */
const loads = Number(process.argv[2] ?? 2);
const dir = mkdtempSync(join(tmpdir(), 'tl-v8-log-'));
process.env.TL_JS_FLAGS = `--log-function-events --logfile=${join(dir, 'v8-%p.log')}`;

await standalone('demo-pro', async (context, service) => {
  await service.reset({ limits: false });
  await saveTranscripts(context);
  for (let i = 0; i < loads; i++) {
    const page = await context.newPage();
    await page.goto(`https://www.youtube.com/watch?v=${SAVED[i % SAVED.length] ?? SAVED[0]}`);
    await page.waitForTimeout(4_000);
    const drawn = await (await panelFrame(page)).evaluate(() => {
      const root = document.querySelector('#app');
      return {
        elements: root?.querySelectorAll('*').length ?? 0,
        rows: root?.querySelectorAll('[data-vrow]').length ?? 0,
      };
    });
    console.log(`load ${i + 1}: the panel's frame holds ${drawn.elements} elements, ${drawn.rows} list rows`);
    await page.close();
  }
});

// One log per renderer; a page's renderer names the content script in a script-details line.
const byName = new Map<string, { count: number; ms: number }>();
let renderers = 0;
for (const file of readdirSync(dir)) {
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  const scripts = new Map<string, string>();
  for (const line of lines) {
    const [kind, id, url] = line.split(',');
    if (kind === 'script-details' && id && url?.startsWith('chrome-extension://'))
      scripts.set(id, url.replace(/^.*?\/\/[^/]+/, ''));
  }
  if (![...scripts.values()].some((url) => url.includes('content-scripts/'))) continue;
  renderers += 1;
  for (const line of lines) {
    const [kind, event, script, start, , ms, , ...name] = line.split(',');
    const url = script ? scripts.get(script) : undefined;
    if (kind !== 'function' || event !== 'parse-function' || !url) continue;
    const key = `${url}:${start} ${name.join(',') || '(anonymous)'}`;
    const row = byName.get(key) ?? { count: 0, ms: 0 };
    row.count += 1;
    row.ms += Number(ms);
    byName.set(key, row);
  }
}
rmSync(dir, { recursive: true, force: true });
const rows = [...byName].sort((a, b) => b[1].ms - a[1].ms);
const total = rows.reduce((s, [, r]) => s + r.count, 0);
console.log(`\n${renderers} renderers ran the content script; ${total} lazy compiles of extension functions in all:`);
for (const [key, r] of rows) console.log(`${String(r.count).padStart(4)} ${r.ms.toFixed(3).padStart(7)} ms  ${key}`);
