import type { BrowserContext, Page } from '@playwright/test';
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

/** Confirmation windows open now. */
export const confirmWindows = (context: BrowserContext) =>
  context.pages().filter((p) => p.url().includes('/confirm.html'));
