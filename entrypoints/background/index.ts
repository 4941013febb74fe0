import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createRouter } from '../../utils/router';
import { createCore } from './core';
import { createHandlers } from './handlers';
import { openFromNotification } from './notify';
import { lockStorage } from './storage-lock';
import { createTracking } from './tracking';

export default defineBackground(() => {
  const core = createCore();
  const tracking = createTracking(core);
  const handlers = createHandlers(core, tracking);
  const route = createRouter(handlers, browser.runtime.id, browser.runtime.getURL('/'));

  // Listeners are registered synchronously at top level so a worker woken by an event hears it.
  browser.runtime.onMessage.addListener((message, sender) => route(message, sender));
  browser.alarms.onAlarm.addListener((alarm) => {
    if (tracking.isBackstop(alarm.name)) void tracking.resume();
  });
  browser.notifications.onClicked.addListener((id) => void openFromNotification(id));
  browser.runtime.onStartup.addListener(() => void tracking.resume());

  void lockStorage();
  // A worker stopped mid-poll carries on from the stored job records.
  void tracking.resume();
});
