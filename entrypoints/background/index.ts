import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createRouter } from '../../utils/router';
import { handleContent, handlePage } from './handlers';

export default defineBackground(() => {
  const route = createRouter(
    { content: handleContent, page: handlePage },
    browser.runtime.id,
    browser.runtime.getURL('/'),
  );
  // Registered synchronously at top level so a worker woken by a message hears it.
  browser.runtime.onMessage.addListener((message, sender) => route(message, sender));
});
