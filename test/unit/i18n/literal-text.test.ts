import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentFiles, literalText, messageLiterals, readSource } from './literal-text';

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

describe('no sentence is written into a `message:` or `label:` field (errors, replies and results a person reads)', () => {
  it('finds literal messages, plain or through a condition, and nothing else', () => {
    const source = `
      const a = { code: 'x', message: 'Could not reach it.' };
      const b = { message: busy ? 'Busy' : t('k') };
      const c = { message: \`\${name} is wrong\` };
      const ok = { message: t('k'), code: 'bad_reply', note: 'Not a message', message2: 'x' };
      const empty = { message: '' };
      const values = { message: \`\${a} \${b}\` };
      const entry = { label: 'Citations', text: value };
      const labelled = { label: \`\${section} (unrecognised item)\` };
    `;
    expect(messageLiterals(source, 'x.ts').map((f) => f.text)).toEqual([
      "'Could not reach it.'",
      "'Busy'",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal, as found
      '`${name} is wrong`',
      "'Citations'",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal, as found
      '`${section} (unrecognised item)`',
    ]);
  });

  const files = componentFiles(ROOT, ['components', 'entrypoints', 'utils'], true);
  it.each(files)('%s', (file) => {
    const found = messageLiterals(readSource(ROOT, file), file);
    expect(found.map((f) => `${file}:${f.line} ${f.text}`)).toEqual([]);
  });
});
