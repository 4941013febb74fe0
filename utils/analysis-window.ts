/**
 * Whether every analysis the panel buys is confirmed in the extension's window, whatever its price. In Firefox:
 * the panel's frame is out of the page scripts' reach, but not its box, which a page can make transparent and
 * slide under the person's cursor; Firefox has no IntersectionObserver v2 (`isVisible`) to tell that a click
 * landed on a panel the person could see, so no click in the panel spends AI Units on an analysis there
 * (docs/spending-and-consent.md). Read at each call: Vitest gives WXT's browser as a string it can stub.
 */
export function analysesInWindow(): boolean {
  return import.meta.env.BROWSER === 'firefox';
}
