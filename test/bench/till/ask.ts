import type { Locator, Page } from '@playwright/test';
import { frameArmed, openTab, panelOf } from '../../e2e/support/panel';
import { carefully } from './careful';
import { killWorkerMidRequest, reloadAsAsked, slow, unreadableAfterCharge } from './faults';
import { type Fault, SPEC_PRICE } from './plan';
import { awaitSaid, open, type Session, step } from './session';

/** "Ask" (1 AI Unit) on the page of an analysed video, and a second tab of it. */

// The list's own items only: each answer card holds a list of citations, whose items a role query would count too
// (a wait for "one more answer" then passed at once, and the purchase ran on into the next step).
const answers = (page: Page) =>
  panelOf(page).getByRole('list', { name: 'Questions and answers' }).locator(':scope > li');
/** Where a question that went wrong is said, or a note about an earlier one (not the notes of answers). */
const message = (page: Page) => panelOf(page).locator('.tl-ask > [role="alert"], .tl-ask > .tl-note');
const question = (page: Page) => panelOf(page).getByRole('textbox', { name: 'Question' });

async function ask(page: Page, text: string): Promise<Locator> {
  // A person asks in the tab they are looking at.
  await page.bringToFront();
  await question(page).fill(text);
  await frameArmed(page);
  await panelOf(page).getByRole('button', { name: 'Ask' }).click();
  return answers(page);
}

/** Asks once more and waits for the answer (the list grows by one). */
async function askAgain(page: Page, text: string): Promise<void> {
  const before = await answers(page).count();
  await ask(page, text);
  await answers(page).nth(before).waitFor({ timeout: 20_000 });
}

export async function askSteps(s: Session, page: Page, videoId: string): Promise<void> {
  const def = (name: string, text: string, fault: Fault) => ({
    name,
    kind: 'ask' as const,
    fault,
    price: SPEC_PRICE.question,
    question: text,
  });
  await openTab(page, 'Ask');
  const first = 'What is said about latency?';
  await step(s, def('Ask', first, 'none'), async () => {
    await askAgain(page, first);
    return { delivered: true };
  });
  const asked = (await s.service.ledger()).requests.find((r) => /^\/api\/watch\/\d+\/ask$/.test(r.path));
  if (!asked) throw new Error('the question reached no job');
  const ASK = { path: asked.path };

  const both = 'How does the speaker define consistency?';
  await step(s, def('Ask in two tabs at once', both, 'two tabs'), async () => {
    const second = await open(s, `/watch?v=${videoId}`);
    await openTab(second, 'Ask');
    await question(second).waitFor();
    await slow(s.service, ASK, 2_000);
    const lists = await Promise.all([ask(page, both), ask(second, both)]);
    for (const list of lists) await list.filter({ hasText: both }).waitFor({ timeout: 20_000 });
    await second.close();
    return { delivered: true };
  });

  const garbled = 'Which examples are shown on screen?';
  await step(s, def('Ask, unreadable answer', garbled, 'unreadable 200 after charge'), async () => {
    await unreadableAfterCharge(s.service, ASK);
    await ask(page, garbled);
    await awaitSaid(s, page, panelOf(page).getByRole('alert'));
    const read = await carefully(message(page), () => askAgain(page, garbled));
    return { delivered: read.startsWith('one retry'), read };
  });

  const cut = 'What happens when a node fails?';
  await step(s, def('Ask, worker stopped mid-request', cut, 'worker killed'), async () => {
    await slow(s.service, ASK, 5_000);
    await ask(page, cut);
    await killWorkerMidRequest(s.service, page, ASK.path);
    await reloadAsAsked(page);
    await openTab(page, 'Ask');
    await question(page).waitFor({ timeout: 20_000 });
    await answers(page).first().waitFor({ timeout: 20_000 });
    const read = await carefully(message(page), () => askAgain(page, cut));
    return { delivered: read.startsWith('one retry'), read };
  });
  await page.close();
}
