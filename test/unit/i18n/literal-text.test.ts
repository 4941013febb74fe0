import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentFiles, literalText, readSource } from './literal-text';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('no visible text is written in a component (issue 23: every string from the catalogue)', () => {
  it('finds JSX text, read attributes and literals that reach JSX, and nothing else', () => {
    const source = `
      const a = <p title="Hint" class="x" data-id="y">Hello {name}</p>;
      const b = <button aria-label={busy ? 'Saving' : t('save')}>{'Plain'}</button>;
      const c = <span>{count + ' items'}</span>;
      const ok = <p class={'wide'} title={t('k')}>{t('k')} · {value} {'→'}</p>;
      const notJsx = 'A sentence in code';
    `;
    expect(literalText(source, 'x.tsx').map((f) => f.text)).toEqual([
      'Hint',
      'Hello',
      "'Saving'",
      "'Plain'",
      "' items'",
    ]);
  });

  const files = componentFiles(ROOT, ['components', 'entrypoints']);
  it.each(files)('%s', (file) => {
    const found = literalText(readSource(ROOT, file), file);
    expect(found.map((f) => `${file}:${f.line} ${f.text}`)).toEqual([]);
  });
});
