import type { Locator, Worker } from '@playwright/test';
import { z } from 'zod';

/**
 * The interface language for e2e (issue 23): the options page's choice, written where the extension reads it
 * (storage.sync `interfaceLanguage`, utils/i18n/preference.ts; the literal key, not the product's constant).
 * Each open view follows the change (storage.onChanged): extension pages reload in it, the YouTube panel draws
 * itself again, the background rewords its menu; a view opened after reads it at once. A test waits for that
 * (a page's <html lang>, the panel root's lang, `menuTitles`), never reloads or asks again until it shows.
 */
export async function chooseLanguage(worker: Worker, tag: string | null): Promise<void> {
  await worker.evaluate(async (value) => {
    const sync = Reflect.get(globalThis, 'chrome').storage.sync;
    await (value === null ? sync.remove('interfaceLanguage') : sync.set({ interfaceLanguage: value }));
  }, tag);
}

/**
 * The background follows a language change (storage.onChanged, entrypoints/background/surfaces/language.ts): it
 * reads the new catalogue, then words its context menu again. The test wraps `contextMenus.create` in the worker to
 * keep each title it is given (Chrome cannot read a menu back), so it can wait for that rewording, the change's
 * visible end, instead of asking the background again and again.
 */
export async function recordMenuTitles(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const titles: string[] = [];
    Reflect.set(globalThis, '__tlMenuTitles', titles);
    // The polyfill's `browser` (when present) wraps chrome's own: record through whichever the worker calls.
    const apis = new Set([globalThis.chrome.contextMenus, globalThis.browser?.contextMenus]);
    for (const api of apis) {
      if (!api) continue;
      const original = api.create.bind(api);
      api.create = (properties, callback) => {
        if (properties.title) titles.push(properties.title);
        return original(properties, callback);
      };
    }
  });
}

/** The menu titles the background wrote since `recordMenuTitles`. */
export async function menuTitles(worker: Worker): Promise<string[]> {
  return z.array(z.string()).parse(await worker.evaluate(() => Reflect.get(globalThis, '__tlMenuTitles') ?? []));
}

/** What a pseudo-locale message is wrapped in (scripts/locales.ts). */
const OPEN = '⟦';
const CLOSE = '⟧';

/**
 * The visible text of a view that did not come from the catalogue: each text node under `root` (shadow roots
 * included) that is rendered, with every ⟦…⟧ run taken out, then everything `allow` matches (the data the test
 * put there: titles, cue text, dates Intl wrote), kept where a letter is left. Empty when every word is marked.
 */
export async function unmarkedText(root: Locator, allow: ReadonlyArray<string | RegExp> = []): Promise<string[]> {
  const texts = await root.evaluate(
    (element, marks) => {
      const out: string[] = [];
      const visible = (node: Node) => {
        const parent = node.parentElement;
        if (!parent) return false;
        if (parent.closest('script, style, template')) return false;
        return parent.checkVisibility({ opacityProperty: false, visibilityProperty: true });
      };
      const walk = (node: Node) => {
        if (node.nodeType === Node.TEXT_NODE) {
          if (visible(node)) out.push(node.textContent ?? '');
          return;
        }
        if (node instanceof Element && node.shadowRoot) walk(node.shadowRoot);
        for (const child of node.childNodes) walk(child);
      };
      walk(element.shadowRoot ?? element);
      // Each element's texts joined, so a message split by inline markup stays one run.
      const joined = out.join('\u0000');
      let depth = 0;
      let outside = '';
      for (const c of joined) {
        if (c === marks.open) depth++;
        else if (c === marks.close) depth = Math.max(0, depth - 1);
        else if (depth === 0) outside += c;
      }
      return outside.split('\u0000');
    },
    { open: OPEN, close: CLOSE },
  );
  return texts
    .map((text) => allow.reduce<string>((left, a) => left.replaceAll(a, ' '), text).trim())
    .filter((text) => /\p{L}/u.test(text));
}

/**
 * Elements under `root` (shadow roots included) whose content sticks out sideways: wider than their box where
 * they do not scroll on purpose. Each as "tag.class: content width > box width".
 */
export async function horizontalOverflow(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const found: string[] = [];
    const walk = (node: Element | ShadowRoot) => {
      for (const child of node.children) {
        const style = getComputedStyle(child);
        const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
        if (
          !scrolls &&
          style.display !== 'inline' &&
          child.clientWidth > 0 &&
          child.scrollWidth > child.clientWidth + 1 &&
          child.checkVisibility()
        ) {
          found.push(`${child.tagName.toLowerCase()}.${child.className}: ${child.scrollWidth} > ${child.clientWidth}`);
        }
        if (child.shadowRoot) walk(child.shadowRoot);
        walk(child);
      }
    };
    walk(element.shadowRoot ?? element);
    return found;
  });
}
