import { describe, expect, it } from 'vitest';
import { formatParts, MessageSyntaxError, parseMessage, placeholdersOf } from '../../../utils/i18n/message';

const format = (source: string, values: Record<string, string | number>, locale = 'en') =>
  formatParts(parseMessage(source), values, locale);

describe('the catalogue message syntax', () => {
  it('writes values, numbers by locale, and keeps apostrophes as text', () => {
    expect(format("Don't spend {n} of {name}", { n: 1234.5, name: 'Ada' })).toBe("Don't spend 1,234.5 of Ada");
    expect(format('{n} Einheiten', { n: 1234.5 }, 'de')).toBe('1.234,5 Einheiten');
  });

  it('picks plural forms by the locale’s rules, exact matches first, # as the number', () => {
    const en = '{n, plural, =0 {No Cloud Requests} one {# Cloud Request} other {# Cloud Requests}}';
    expect([0, 1, 2, 1000].map((n) => format(en, { n }))).toEqual([
      'No Cloud Requests',
      '1 Cloud Request',
      '2 Cloud Requests',
      '1,000 Cloud Requests',
    ]);
    const ar = '{n, plural, zero {z} one {o} two {t} few {f#} many {m#} other {x#}}';
    const digits = (n: number) => new Intl.NumberFormat('ar').format(n);
    expect([0, 1, 2, 3, 11, 100].map((n) => format(ar, { n }, 'ar'))).toEqual([
      'z',
      'o',
      't',
      `f${digits(3)}`,
      `m${digits(11)}`,
      `x${digits(100)}`,
    ]);
  });

  it('selects by value, nested inside a plural', () => {
    const source = '{kind, select, video {{n, plural, one {# video} other {# videos}}} other {# items}}';
    expect(format(source, { kind: 'video', n: 3 })).toBe('3 videos');
    expect(placeholdersOf(parseMessage(source))).toEqual(['kind', 'n']);
  });

  it('leaves a missing value visible rather than failing', () => {
    expect(format('Hello {name}', {})).toBe('Hello {name}');
  });

  describe('reads only its own keys: names the prototype also has are plain names', () => {
    const inherited = ['constructor', '__proto__', 'toString'];

    it.each(inherited)('leaves a missing %s visible, never the prototype’s', (name) => {
      expect(format(`Hello {${name}}`, {})).toBe(`Hello {${name}}`);
      expect(format(`{${name}, select, a {A} other {O}}`, {})).toBe(`{${name}}`);
    });

    it.each(inherited)('writes %s as a value and a placeholder', (name) => {
      const values = Object.fromEntries([[name, name]]);
      expect(format(`Got {${name}}`, values)).toBe(`Got ${name}`);
    });

    it.each(inherited)('selects "other" for the service string %s, and its own option when there is one', (word) => {
      expect(format('{code, select, a {A} other {O}}', { code: word })).toBe('O');
      expect(format(`{code, select, ${word} {own} other {O}}`, { code: word })).toBe('own');
      expect(format('{code, select, a {A} other {O}}', { code: 'a' })).toBe('A');
    });

    it('keeps an option named __proto__ as an option, and needs a real "other"', () => {
      expect(format('{k, select, __proto__ {P} other {O}}', { k: '__proto__' })).toBe('P');
      expect(() => parseMessage('{k, select, __proto__ {P}}')).toThrow(/needs an "other"/);
    });
  });

  it.each([
    ['Hello {', /placeholder needs a name/],
    ['Hello }', /unexpected "}"/],
    ['{n, plural, one {x}}', /needs an "other"/],
    ['{n, number}', /unknown argument kind/],
    ['{n, plural, one x}', /expected "\{"/],
  ])('refuses %s', (source, error) => {
    expect(() => parseMessage(source)).toThrow(MessageSyntaxError);
    expect(() => parseMessage(source)).toThrow(error);
  });
});
