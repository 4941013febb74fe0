import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createRouter } from '../../utils/protocol/router';
import { createBulk } from './channel/bulk';
import { createCore } from './core/core';
import { lockStorage } from './core/storage-lock';
import { createHandlers } from './handlers';
import { createTracking } from './panel/tracking';
import { createMenuActions, createMenus, type MenuClick } from './surfaces/menu';
import { openFromNotification, togglePanel } from './surfaces/notify';

export default defineBackground(() => {
  const core = createCore();
  const tracking = createTracking(core);
  const bulk = createBulk(core);
  const handlers = createHandlers(core, tracking, bulk);
  const menu = createMenuActions(core, tracking, handlers.consent);
  const route = createRouter(handlers, browser.runtime.id, browser.runtime.getURL('/'));
  const onMenuClick = (info: MenuClick, tabTitle?: string) => menu.onClick(info, tabTitle);

  // Listeners are registered synchronously at top level so a worker woken by an event hears it.
  browser.runtime.onMessage.addListener((message, sender) => route(message, sender));
  browser.runtime.onInstalled.addListener(() => void createMenus());
  browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClick(info, tab?.title));
  browser.alarms.onAlarm.addListener((alarm) => {
    if (tracking.isBackstop(alarm.name)) void tracking.resume();
    if (bulk.isBackstop(alarm.name)) void bulk.resume();
  });
  browser.notifications.onClicked.addListener((id) => void openFromNotification(id));
  // A confirmation window closed without Spend or Cancel: nothing is bought (no windows API: none opens).
  browser.windows?.onRemoved.addListener((windowId) => void handlers.consent.closed(windowId));
  browser.runtime.onStartup.addListener(() => {
    void tracking.resume();
    void bulk.resume();
  });
  const onCommand = (command: string, tab?: { id?: number }) =>
    command === 'toggle-panel' ? togglePanel(tab?.id) : Promise.resolve();
  browser.commands.onCommand.addListener((command, tab) => void onCommand(command, tab));

  // Test builds only: lets the e2e suite click the context menu and press the keyboard command the way
  // Chromium dispatches them.
  if (import.meta.env.MODE === 'e2e') {
    Object.assign(globalThis, { __tlMenuClick: onMenuClick, __tlCommand: onCommand });
  }

  void lockStorage();
  // A worker stopped mid-poll or mid-run carries on from the stored job and run records.
  void tracking.resume();
  void bulk.resume();
});
