import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { PRODUCTION_DIR } from './support/build';
import { pageFiles } from './support/page-files';

/** Code that reaches the token or sends it. */
const SECRET_PATHS = {
  header: /Authorization/i,
  tokenKey: /apiToken/,
  localByName: /storage\.local/,
  /** How @wxt-dev/storage reaches storage.local: `storage[area]`. */
  storageByArea: /\.storage\[/,
  paidEndpoint: /\/api\/transcripts/,
};

const found = (code: string) =>
  Object.entries(SECRET_PATHS)
    .filter(([, pattern]) => pattern.test(code))
    .map(([name]) => name);

test('the store build’s content scripts, and the modules they load, hold no code that reaches the token or sends it', () => {
  // The build users install, made once by the global setup.
  const dir = join(PRODUCTION_DIR, 'content-scripts');
  const contentScripts = readdirSync(dir).map((name) => `content-scripts/${name}`);
  const { every, channel } = pageFiles(PRODUCTION_DIR);
  const scripts = [...new Set([...contentScripts, ...every, ...channel])].filter((name) => name.endsWith('.js'));
  expect(scripts).toContain('youtube-channel.js');
  for (const name of scripts) {
    expect({ name, found: found(readFileSync(join(PRODUCTION_DIR, name), 'utf8')) }).toEqual({ name, found: [] });
  }
  // The store build's background does hold such code, minified as it is: the checks read the right kind of
  // text. (It reaches storage.local by area only, so that name is not in it.)
  const background = readFileSync(join(PRODUCTION_DIR, 'background.js'), 'utf8');
  expect(found(background)).toEqual(['header', 'tokenKey', 'storageByArea', 'paidEndpoint']);
});
