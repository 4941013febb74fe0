import type { ElementHandle, Frame, Page } from 'puppeteer-core';
import { until } from './firefox';

/**
 * The panel as a person meets it: on a watch page in its frame (the extension's panel-frame.html, which the
 * driver enters), on channel and playlist pages in the host's open shadow root (test builds). Elements are found
 * by role and accessible name the way a person finds them, and clicked with the driver's real (trusted) input.
 */
export type Role = 'button' | 'tab' | 'status' | 'textbox' | 'alert';

type Query = { role: Role; name: string; exact: boolean; enabled?: boolean };

/** The frame the watch page's panel is drawn in, when the page's panel host holds one. */
export async function panelFrame(page: Page): Promise<Frame | null> {
  const handle = await page.evaluateHandle(
    () => document.querySelector('transcript-lens-panel')?.shadowRoot?.querySelector('iframe') ?? null,
  );
  const element = handle.asElement() as ElementHandle<HTMLIFrameElement> | null;
  if (!element) {
    await handle.dispose();
    return null;
  }
  const frame = await element.contentFrame();
  await element.dispose();
  return frame;
}

/** Where the panel's elements are: its frame, else the page (whose host's shadow root holds the view). */
async function panelScope(page: Page): Promise<Frame> {
  return (await panelFrame(page)) ?? page.mainFrame();
}

function findInPanel(query: Query): Element | null {
  // Evaluated in the panel's document: the root is found again there (a function passed along is not).
  const root =
    location.pathname === '/panel-frame.html' ? document : document.querySelector('transcript-lens-panel')?.shadowRoot;
  if (!root) return null;
  const selectors: Record<Role, string> = {
    button: 'button:not([role]), [role="button"]',
    tab: '[role="tab"]',
    status: '[role="status"], output',
    textbox: 'input:not([type]), input[type="text"], input[type="search"], textarea',
    alert: '[role="alert"]',
  };
  const nameOf = (el: Element) => {
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled ? root.getElementById(labelled)?.textContent : null;
    const label = el.id ? root.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    return (el.getAttribute('aria-label') ?? byId ?? label ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  };
  for (const el of root.querySelectorAll(selectors[query.role])) {
    const name = nameOf(el);
    if (query.enabled && (el as HTMLButtonElement).disabled) continue;
    if (query.exact ? name === query.name : name.startsWith(query.name)) return el;
  }
  return null;
}

/**
 * Waits for the panel element with that role whose name is (or, with exact false, starts with) `name`;
 * with `enabled`, for one a person can use (a disabled field ignores typing, a disabled button clicks).
 */
export async function panelElement(
  page: Page,
  role: Role,
  name: string,
  exact = true,
  enabled = false,
): Promise<ElementHandle> {
  return until(
    async () => {
      const handle = await (await panelScope(page)).evaluateHandle(findInPanel, { role, name, exact, enabled });
      const element = handle.asElement() as ElementHandle | null;
      if (element) return element;
      await handle.dispose();
      return undefined;
    },
    { timeout: 15_000, what: `${role} "${name}" in the panel` },
  );
}

export async function hasPanelElement(page: Page, role: Role, name: string, exact = true): Promise<boolean> {
  const handle = await (await panelScope(page)).evaluateHandle(findInPanel, { role, name, exact });
  const found = handle.asElement() !== null;
  await handle.dispose();
  return found;
}

export async function clickInPanel(page: Page, role: Role, name: string, exact = true): Promise<void> {
  await trustedClick(page, await panelElement(page, role, name, exact, true));
}

/**
 * The driver's real (trusted) click at the element's centre. In the panel's frame it is aimed by hand, the page's
 * mouse at the frame's place plus the element's: Puppeteer's own click asks for the frame's element (BiDi
 * `locateNodes` by "context"), which Firefox ESR 140 refuses.
 */
export async function trustedClick(page: Page, element: ElementHandle): Promise<void> {
  if (element.frame === page.mainFrame()) return element.click();
  await element.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
  const inFrame = await element.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  const onPage = () =>
    page.evaluate((y) => {
      const frame = document.querySelector('transcript-lens-panel')?.shadowRoot?.querySelector('iframe');
      if (!frame) return null;
      // The point on the page's screen: scrolled there first when it is outside it.
      const box = frame.getBoundingClientRect();
      if (box.top + y < 0 || box.top + y > innerHeight) window.scrollBy(0, box.top + y - innerHeight / 2);
      const r = frame.getBoundingClientRect();
      return { x: r.left + frame.clientLeft, y: r.top + frame.clientTop };
    }, inFrame.y);
  const origin = await onPage();
  if (!origin) throw new Error("the panel's frame is gone");
  await page.mouse.click(origin.x + inFrame.x, origin.y + inFrame.y);
}

export const panelText = async (page: Page) =>
  (await panelScope(page)).evaluate(() => {
    const root =
      location.pathname === '/panel-frame.html'
        ? document.body
        : document.querySelector('transcript-lens-panel')?.shadowRoot;
    return root?.textContent ?? '';
  });

export const panelHost = (page: Page, attribute: string) =>
  page.evaluate((a) => document.querySelector('transcript-lens-panel')?.getAttribute(a) ?? null, attribute);

/** The transcript is loaded on the person's act: "Load transcript" when shown, then the cues (0:00 …). */
export async function loadTranscript(page: Page): Promise<void> {
  await panelElement(page, 'tab', 'Transcript');
  await until(
    async () =>
      (await hasPanelElement(page, 'button', '0:00', false)) ||
      (await hasPanelElement(page, 'button', 'Load transcript')),
    { timeout: 15_000, what: 'the cues or "Load transcript"' },
  );
  if (await hasPanelElement(page, 'button', 'Load transcript')) await clickInPanel(page, 'button', 'Load transcript');
  await panelElement(page, 'button', '0:00', false);
}

const MAIN = '#movie_player video.html5-main-video';

export const videoTime = (page: Page) =>
  page.evaluate((s) => document.querySelector<HTMLVideoElement>(s)?.currentTime ?? Number.NaN, MAIN);

export const videoDuration = (page: Page) =>
  page.evaluate((s) => document.querySelector<HTMLVideoElement>(s)?.duration ?? Number.NaN, MAIN);
