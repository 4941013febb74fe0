import { browser } from 'wxt/browser';
import { t } from '../../../utils/i18n/catalogue';
import type { JobRecord } from '../../../utils/jobs/store';
import { panelUrl } from '../../../utils/panel/url';
import type { BroadcastMessage } from '../../../utils/protocol/broadcasts';
import { panelTabs } from './panel-tabs';
import { toolbarButton } from './toolbar-button';

/** Every tab whose panel shows the video, and any open extension page (popup), hears that its analysis changed. */
export async function broadcastAnalysis(videoId: string): Promise<void> {
  const message: BroadcastMessage = { type: 'analysis.updated', videoId };
  const tabs = await panelTabs.showing(videoId);
  await Promise.all([
    // A closed tab, or one whose panel is gone, no longer needs telling.
    ...tabs.map((tabId) => browser.tabs.sendMessage(tabId, message).catch(() => panelTabs.forget(tabId))),
    browser.runtime.sendMessage(message).catch(() => undefined),
  ]);
}

export async function updateBadge(running: number): Promise<void> {
  const button = toolbarButton();
  if (!button) return;
  await button.setBadgeText({ text: running > 0 ? String(running) : '' });
  if (running > 0) await button.setBadgeBackgroundColor({ color: '#065fd4' });
}

export const NOTIFICATION_PREFIX = 'tl-job:';
const MENU_PROBLEM = 'tl-menu-problem';

/** A context-menu action that could not be done, said where the person is looking (no panel may be open). */
export async function notifyMenuProblem(sentence: string): Promise<void> {
  await browser.notifications.create(MENU_PROBLEM, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: t('background.notify.menuProblemTitle'),
    message: sentence,
  });
}

export async function notifyEnded(record: JobRecord): Promise<void> {
  const name = record.title ?? t('background.notify.videoName', { id: record.videoId });
  const ready = record.status === 'ready';
  await browser.notifications.create(`${NOTIFICATION_PREFIX}${record.videoId}`, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: ready ? t('background.notify.analysisReady') : t('background.notify.analysisFailed'),
    message: ready
      ? t('background.notify.readyMessage', { name })
      : t('background.notify.failedMessage', {
          name,
          reason: record.error?.message ?? t('background.notify.failedDefault'),
        }),
  });
}

/** A click on an analysis notification opens the video with the panel on its Analysis tab. */
export async function openFromNotification(notificationId: string): Promise<boolean> {
  if (!notificationId.startsWith(NOTIFICATION_PREFIX)) return false;
  const videoId = notificationId.slice(NOTIFICATION_PREFIX.length);
  await browser.tabs.create({ url: panelUrl(videoId, 'analysis') });
  await browser.notifications.clear(notificationId);
  return true;
}

/** The keyboard command: show or hide the panel in the given (else the active) tab. */
export async function togglePanel(tabId: number | undefined): Promise<void> {
  const id = tabId ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id;
  if (id === undefined) return;
  const message: BroadcastMessage = { type: 'panel.toggle' };
  await browser.tabs.sendMessage(id, message).catch(() => undefined);
}
