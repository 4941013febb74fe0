import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import {
  clickMenuItem,
  menuProblem,
  openExtensionPage,
  recordNotifications,
  shownNotifications,
} from './support/extension-pages';
import { chooseLanguage, menuTitles, recordMenuTitles } from './support/locale';

/** A message as the Spanish catalogue has it (the file contributors edit; no product code). */
const spanish = (key: string): string =>
  JSON.parse(readFileSync(new URL('../../locales/es/background.json', import.meta.url), 'utf8'))[key];

const notAVideo = { menuItemId: 'tl-analyze-link', linkUrl: 'https://news.example/post' };

test.describe('an unknown token', () => {
  test.use({ token: 'nope' });

  test('the background words its sentences in the interface language (Spanish)', async ({
    configured: _,
    context,
    extensionId,
    serviceWorker,
  }) => {
    await recordNotifications(serviceWorker);
    await recordMenuTitles(serviceWorker);
    await chooseLanguage(serviceWorker, 'es');
    // The worker reads the new catalogue when the choice changes, then words its menu again: Spanish from then on.
    await expect.poll(() => menuTitles(serviceWorker)).toContain(spanish('background.menu.analyze'));
    await clickMenuItem(serviceWorker, notAVideo);
    await expect.poll(() => menuProblem(serviceWorker)).toBe(spanish('background.menu.notVideo'));
    await expect
      .poll(() => shownNotifications(serviceWorker))
      .toContainEqual(
        expect.objectContaining({
          title: spanish('background.notify.menuProblemTitle'),
          message: spanish('background.menu.notVideo'),
        }),
      );

    const popup = await openExtensionPage(context, extensionId, 'popup');
    await expect(popup.locator('html')).toHaveAttribute('lang', 'es');
    await expect(popup.getByRole('alert').first()).toContainText(spanish('background.request.unauthorized'));
  });
});

test('in the pseudo-locale, what the background writes is marked as the catalogue’s', async ({
  configured: _,
  serviceWorker,
}) => {
  await recordNotifications(serviceWorker);
  await recordMenuTitles(serviceWorker);
  await chooseLanguage(serviceWorker, 'en-XA');
  await expect.poll(async () => (await menuTitles(serviceWorker)).some((title) => /^⟦.*⟧$/.test(title))).toBe(true);
  await clickMenuItem(serviceWorker, notAVideo);
  await expect.poll(async () => (await menuProblem(serviceWorker)) ?? '').toMatch(/^⟦.*⟧$/);
  await expect
    .poll(() => shownNotifications(serviceWorker))
    .toContainEqual(expect.objectContaining({ title: expect.stringMatching(/^⟦.*⟧$/) }));
});
