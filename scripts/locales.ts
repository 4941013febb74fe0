import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  type Area,
  BUNDLES,
  type Bundle,
  bundlePath,
  LOCALES,
  PSEUDO_LOCALE,
  type UiLocale,
} from '../utils/i18n/locales';
import { type Part, parseMessage } from '../utils/i18n/message';

/**
 * The catalogue's build step (wxt.config.ts): locales/<tag>/<area>.json, the files contributors edit, become
 * one file per locale and bundle in the extension (/locales/<tag>/<bundle>.json, read by utils/i18n/load.ts),
 * and Chrome's _locales/<folder>/messages.json for the manifest's name, description and command. A message
 * that does not parse fails the build.
 */
const ROOT = resolve(import.meta.dirname, '..');
export const LOCALES_DIR = join(ROOT, 'locales');

export type Messages = Record<string, string>;

export function readArea(locale: string, area: Area | 'manifest'): Messages {
  const path = join(LOCALES_DIR, locale, `${area}.json`);
  const json: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error(`${path}: not an object`);
  const out: Messages = {};
  for (const [key, value] of Object.entries(json)) {
    if (typeof value !== 'string') throw new Error(`${path}: "${key}" is not a string`);
    try {
      parseMessage(value);
    } catch (error) {
      throw new Error(`${path}: "${key}": ${error instanceof Error ? error.message : String(error)}`);
    }
    out[key] = value;
  }
  return out;
}

export function readBundle(locale: string, bundle: Bundle): Messages {
  return Object.assign({}, ...BUNDLES[bundle].map((area) => readArea(locale, area)));
}

const PAIRS = [...'aáeéiíoöuüAÅEÉIÎOÖUÜcçCÇnñNÑyýYÝsšSŠzžZŽ'];
const ACCENTS = new Map(PAIRS.flatMap((c, i) => (i % 2 === 0 ? [[c, PAIRS[i + 1] ?? c] as const] : [])));

/** One text run of the pseudo-locale: every letter accented. */
const accent = (text: string) => [...text].map((c) => ACCENTS.get(c) ?? c).join('');

/** A parsed message written back as source, its text accented. */
function pseudoSource(parts: readonly Part[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return accent(part);
      if (part.kind === 'count') return '#';
      if (part.kind === 'value') return `{${part.arg}}`;
      const options = Object.entries(part.options).map(([key, option]) => `${key} {${pseudoSource(option)}}`);
      return `{${part.arg}, ${part.kind}, ${options.join(' ')}}`;
    })
    .join('');
}

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/**
 * The pseudo-locale's message for an English one: accented, about 40 % longer (as German and French run), in
 * ⟦ ⟧. Text outside the markers on a pseudo-locale screen did not come from the catalogue.
 */
export function pseudoMessage(source: string): string {
  const padding = '·'.repeat(Math.ceil(source.length * 0.4));
  return `${PSEUDO_OPEN}${pseudoSource(parseMessage(source))}${padding}${PSEUDO_CLOSE}`;
}

const chromeFolder = (locale: string) => locale.replace('-', '_');

/** Every file the catalogue adds to a build; the pseudo-locale in test and development builds only. */
export function localeAssets(mode: string): Array<{ relativeDest: string; contents: string }> {
  const files: Array<{ relativeDest: string; contents: string }> = [];
  const bundles = Object.keys(BUNDLES) as Bundle[];
  const add = (locale: UiLocale, bundle: Bundle, messages: Messages) =>
    files.push({ relativeDest: bundlePath(locale, bundle).slice(1), contents: JSON.stringify(messages) });
  for (const locale of LOCALES) {
    for (const bundle of bundles) add(locale, bundle, readBundle(locale, bundle));
    const manifest = readArea(locale, 'manifest');
    const chrome = Object.fromEntries(Object.entries(manifest).map(([key, message]) => [key, { message }]));
    files.push({ relativeDest: `_locales/${chromeFolder(locale)}/messages.json`, contents: JSON.stringify(chrome) });
  }
  if (mode !== 'production') {
    for (const bundle of bundles) {
      const english = readBundle('en', bundle);
      add(
        PSEUDO_LOCALE,
        bundle,
        Object.fromEntries(Object.entries(english).map(([key, source]) => [key, pseudoMessage(source)])) as Messages,
      );
    }
  }
  return files;
}
