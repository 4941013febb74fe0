import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { EXTENSION_DIR } from './support/build';

const contentScripts = () => {
  const dir = join(EXTENSION_DIR, 'content-scripts');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(dir, name), 'utf8'));
};

test('the content-script bundle has no Authorization header code and no access to the token item', () => {
  const bundles = contentScripts();
  expect(bundles.length).toBeGreaterThan(0);
  for (const code of bundles) {
    expect(code).not.toMatch(/Authorization/i);
    expect(code).not.toContain('apiToken');
    expect(code).not.toMatch(/storage\.local/);
    expect(code).not.toContain('/api/transcripts');
  }
  // The background does hold them: the check above looks at the right kind of text.
  const background = readFileSync(join(EXTENSION_DIR, 'background.js'), 'utf8');
  expect(background).toContain('Authorization');
  expect(background).toContain('apiToken');
});
