import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createRouter } from '../../utils/protocol/receive';
import { BALANCE_BEFORE_SPEND_MS, freshAccount } from './account/account';
import { createAroundReader } from './channel/around';
import { type BulkDeps, createBulk } from './channel/bulk';
import { createChannelBuying } from './channel/channel-buying';
import { createSeveralListing } from './channel/several';
import { createVideoSearch } from './channel/video-search';
import { createHeldBuying } from './confirm/held-buying';
import { createConsentWindow } from './confirm/window';
import { type Core, createCore } from './core/core';
import { lockStorage } from './core/storage-lock';
import { createHandlers } from './handlers';
import { createExportPost } from './library/export-post';
import { createHandedLists } from './library/handed';
import { createLibrary } from './library/library';
import { createMenuActions, createMenus, type MenuClick } from './menu/menu';
import { createNotes } from './notes/notes';
import { createPanelBuying } from './panel/panel-buying';
import { createTracking } from './panel/tracking';
import { followLanguage } from './surfaces/language';
import { openFromNotification, togglePanel } from './surfaces/notify';
import { createTill, type Till } from './till';
import { createSpendingHistory } from './till/spending-history';

/** The core's services with the till that sends through them: what every room above the till is handed. */
export type CoreAndTill = Core & { till: Till };

/** Every request that can cost anything goes through the till (./till/index.ts), which sends through the core. */
export function createCoreAndTill(): CoreAndTill {
  const core = createCore();
  const freshBalances = async () => {
    await freshAccount(core, BALANCE_BEFORE_SPEND_MS).catch(() => undefined);
  };
  return { ...core, till: createTill(core, { freshBalances }) };
}

/**
 * The composition root: every background service is built here, once, and handed what it uses. Tests build
 * the same graph (with a fake browser, and a bulk runner's clock or store when they need one).
 */
export function createServices({
  core = createCoreAndTill(),
  bulkDeps,
}: {
  core?: CoreAndTill;
  bulkDeps?: BulkDeps;
} = {}) {
  const tracking = createTracking(core);
  const bulk = createBulk(core, bulkDeps);
  const spend = createPanelBuying(core, tracking);
  const channels = createChannelBuying(core, bulk);
  // One notes service for the panel's messages and the library: its summaries are forgotten at each write.
  const notes = createNotes();
  const library = createLibrary(core, notes);
  const videoSearch = createVideoSearch(core, library);
  const around = createAroundReader(core);
  const spendingHistory = createSpendingHistory(core, library);
  const held = createHeldBuying({ core, tracker: tracking, spend, channels, videoSearch, library });
  const consent = createConsentWindow(core, held);
  const handlers = createHandlers({
    core,
    tracking,
    bulk,
    spend,
    channels,
    several: createSeveralListing(core),
    library,
    exportPost: createExportPost(library.exportBytes),
    handed: createHandedLists(),
    videoSearch,
    around,
    spendingHistory,
    consent,
    notes,
  });
  const menu = createMenuActions(core, tracking, consent);
  return { core, tracking, bulk, library, consent, handlers, menu };
}

export default defineBackground(() => {
  const { tracking, bulk, consent, handlers, menu } = createServices();
  const route = createRouter(handlers, browser.runtime.id, browser.runtime.getURL('/'));
  const language = followLanguage(() => void createMenus());
  // A menu click waits for the catalogue: a just-started worker would otherwise say a message's key.
  const onMenuClicked = (info: MenuClick, tab?: { title?: string }) =>
    language.then(() => menu.onClick(info, tab?.title));
  const onCommand = (command: string, tab?: { id?: number }) =>
    command === 'toggle-panel' ? togglePanel(tab?.id) : Promise.resolve();

  // Listeners are registered synchronously at top level so a worker woken by an event hears it.
  browser.runtime.onMessage.addListener((message, sender) => language.then(() => route(message, sender)));
  browser.runtime.onInstalled.addListener(() => void language.then(createMenus));
  browser.contextMenus.onClicked.addListener(onMenuClicked);
  // What resumes may notify, in the person's language: after the catalogue.
  browser.alarms.onAlarm.addListener((alarm) => {
    if (tracking.isBackstop(alarm.name)) void language.then(tracking.resume);
    if (bulk.isBackstop(alarm.name)) void language.then(bulk.resume);
  });
  browser.notifications.onClicked.addListener((id) => void openFromNotification(id));
  // A confirmation window closed without Spend or Cancel: nothing is bought (no windows API: none opens).
  browser.windows?.onRemoved.addListener((windowId) => void consent.closed(windowId));
  browser.runtime.onStartup.addListener(() => {
    void language.then(tracking.resume);
    void language.then(bulk.resume);
  });
  browser.commands.onCommand.addListener(onCommand);

  // The one test hook (docs/testing.md): Firefox's events cannot be fired from outside (Chromium's have
  // dispatch, which its e2e uses) and no WebDriver can click a context menu, so the Firefox test build hands its
  // suite the very listener registered above.
  if (import.meta.env.MODE === 'e2e' && import.meta.env.FIREFOX)
    Object.assign(globalThis, { __tlMenuClick: onMenuClicked });

  void lockStorage();
  // A worker stopped mid-poll or mid-run carries on from the stored job and run records.
  void language.then(tracking.resume);
  void language.then(bulk.resume);
});
