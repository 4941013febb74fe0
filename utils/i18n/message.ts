import { ownEntry } from '../own-entry';

/**
 * The catalogue's message syntax: a small subset of ICU MessageFormat, enough for the interface and small
 * enough for the content script. `{name}` is a value; `{n, plural, =0 {…} one {# item} other {# items}}` picks
 * by the locale's plural rules (Intl.PluralRules; `#` is n written by locale); `{k, select, a {…} other {…}}`
 * picks by value. Apostrophes are plain text (no ICU quoting: "don't" needs no escape); `{` and `}` are always
 * syntax.
 */
export type Part =
  | string
  | { arg: string; kind: 'value' }
  | { arg: string; kind: 'plural' | 'select'; options: Readonly<Record<string, readonly Part[]>> }
  | { kind: 'count' };

export class MessageSyntaxError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Parses a message; a malformed one throws MessageSyntaxError naming where. */
export function parseMessage(source: string): Part[] {
  // Most messages are plain text: no need to walk them character by character (a page parses dozens at load).
  if (!/[{}]/.test(source)) return source ? [source] : [];
  let at = 0;
  const fail = (what: string): never => {
    throw new MessageSyntaxError(`${what} at ${at} in "${source}"`);
  };
  const skipSpace = () => {
    while (at < source.length && /\s/.test(source.charAt(at))) at++;
  };
  const word = (): string => {
    skipSpace();
    const start = at;
    while (at < source.length && /[^\s,{}]/.test(source.charAt(at))) at++;
    return source.slice(start, at);
  };
  const parts = (inPlural: boolean, nested: boolean): Part[] => {
    const out: Part[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    while (at < source.length) {
      const c = source.charAt(at);
      if (c === '}') {
        if (!nested) fail('unexpected "}"');
        break;
      }
      if (c === '#' && inPlural) {
        flush();
        out.push({ kind: 'count' });
        at++;
        continue;
      }
      if (c !== '{') {
        text += c;
        at++;
        continue;
      }
      flush();
      at++;
      out.push(argument());
    }
    flush();
    return out;
  };
  const argument = (): Part => {
    const arg = word();
    if (!NAME.test(arg)) fail(`a placeholder needs a name, not "${arg}"`);
    skipSpace();
    if (source.charAt(at) === '}') {
      at++;
      return { arg, kind: 'value' };
    }
    if (source.charAt(at) !== ',') fail('expected "," or "}"');
    at++;
    const kind = word();
    if (kind !== 'plural' && kind !== 'select') fail(`unknown argument kind "${kind}"`);
    skipSpace();
    if (source.charAt(at) !== ',') fail('expected ","');
    at++;
    // No prototype: an option named `constructor` or `__proto__` is an option like any other.
    const options: Record<string, Part[]> = Object.create(null);
    for (;;) {
      skipSpace();
      if (source.charAt(at) === '}') break;
      const key = word();
      if (!key) fail('expected an option');
      skipSpace();
      if (source.charAt(at) !== '{') fail(`expected "{" after "${key}"`);
      at++;
      options[key] = parts(kind === 'plural', true);
      if (source.charAt(at) !== '}') fail(`option "${key}" is not closed`);
      at++;
    }
    at++;
    if (!Object.hasOwn(options, 'other')) fail(`"${arg}" needs an "other" option`);
    return { arg, kind: kind as 'plural' | 'select', options };
  };
  const result = parts(false, false);
  return result;
}

export type Values = Readonly<Record<string, string | number>>;

/** Writes a parsed message with its values; a missing value is left visible as `{name}`, never a crash. */
export function formatParts(
  parts: readonly Part[],
  values: Values,
  locale: string,
  count: number | null = null,
): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if (part.kind === 'count') out += count === null ? '#' : formatNumber(count, locale);
    else if (part.kind === 'value') {
      const value = ownEntry(values, part.arg);
      out += value === undefined ? `{${part.arg}}` : typeof value === 'number' ? formatNumber(value, locale) : value;
    } else {
      const value = ownEntry(values, part.arg);
      if (value === undefined) {
        out += `{${part.arg}}`;
        continue;
      }
      const chosen =
        part.kind === 'plural' && typeof value === 'number'
          ? (ownEntry(part.options, `=${value}`) ??
            ownEntry(part.options, pluralRules(locale).select(value)) ??
            ownEntry(part.options, 'other'))
          : (ownEntry(part.options, String(value)) ?? ownEntry(part.options, 'other'));
      out += formatParts(chosen ?? [], values, locale, part.kind === 'plural' ? Number(value) : count);
    }
  }
  return out;
}

/** The placeholders a message uses (values, plural and select arguments), sorted: for the catalogue checks. */
export function placeholdersOf(parts: readonly Part[]): string[] {
  const names = new Set<string>();
  const walk = (list: readonly Part[]) => {
    for (const part of list) {
      if (typeof part === 'string' || part.kind === 'count') continue;
      names.add(part.arg);
      if (part.kind !== 'value') for (const option of Object.values(part.options)) walk(option);
    }
  };
  walk(parts);
  return [...names].sort();
}

const rules = new Map<string, Intl.PluralRules>();
function pluralRules(locale: string): Intl.PluralRules {
  const known = rules.get(locale);
  if (known) return known;
  const made = new Intl.PluralRules(locale);
  rules.set(locale, made);
  return made;
}

const numbers = new Map<string, Intl.NumberFormat>();
/** A number written by locale (grouping, digits); one formatter per locale. */
export function formatNumber(value: number, locale: string): string {
  let f = numbers.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    numbers.set(locale, f);
  }
  return f.format(value);
}
