import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * Big spends are confirmed in the extension's own window, not in the page. The person's click in the panel
 * (`click`) only opens it; returns the window, showing its price.
 */
export async function confirmWindow(context: BrowserContext, click: () => Promise<unknown>): Promise<Page> {
  const opened = context.waitForEvent('page');
  await click();
  const window = await opened;
  await expect(window).toHaveURL(/\/confirm\.html\?request=/);
  await expect(window.getByRole('button', { name: 'Spend' })).toBeVisible();
  return window;
}

/** The whole act: the click in the panel, then Spend in the window (which waits a moment before it answers). */
export async function spendInWindow(context: BrowserContext, click: () => Promise<unknown>): Promise<Page> {
  const window = await confirmWindow(context, click);
  await window.getByRole('button', { name: 'Spend' }).click();
  return window;
}

/**
 * Clicks a button that closes its own window (Cancel, Close) and resolves once the window is gone. On a slow
 * machine the window can close before the browser answers the click, which Playwright reports as an error; that
 * error is accepted only if the window does close, so a click that truly failed still fails the test.
 */
export async function clickClosing(window: Page, button: Locator | 'Cancel' | 'Close'): Promise<void> {
  const closed = window.waitForEvent('close', { timeout: 10_000 });
  const target = typeof button === 'string' ? window.getByRole('button', { name: button }) : button;
  const clicked = target.click().catch(async (error: unknown) => {
    await closed.catch(() => {
      throw error;
    });
  });
  await Promise.all([clicked, closed]);
}

/** Confirmation windows open now. */
export const confirmWindows = (context: BrowserContext) =>
  context.pages().filter((p) => p.url().includes('/confirm.html'));

export type ArmTimes = { priceAt: number; armedAt: number; early: boolean };

/**
 * Watches the window from now on, in its own clock (ms since it opened): when its price is first in the DOM and
 * when Spend first answers (is enabled). Resolves on the latter, so the times are the page's events, not when the
 * test looked. `early`: the price was already there when watching began (the test came too late to tell).
 */
export function armTimes(window: Page): Promise<ArmTimes> {
  return window.evaluate(
    () =>
      new Promise<ArmTimes>((resolve) => {
        const early = document.querySelector('.cost') !== null;
        let priceAt = early ? 0 : -1;
        const look = () => {
          if (priceAt < 0 && document.querySelector('.cost')) priceAt = performance.now();
          const spend = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Spend');
          if (priceAt < 0 || !spend || spend.disabled) return;
          observer.disconnect();
          resolve({ priceAt, armedAt: performance.now(), early });
        };
        const observer = new MutationObserver(look);
        observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
        look();
      }),
  );
}
