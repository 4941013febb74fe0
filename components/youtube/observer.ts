import type { ContentScriptContext } from 'wxt/utils/content-script-context';

/** The event a test build answers by writing the observer's time into <html> (`npm run bench` reads it). */
export const OBSERVER_MS_EVENT = 'tl:observer-ms';

/**
 * YouTube rebuilds parts of the page at will; a cheap check per animation frame of mutations brings the panel back
 * when its host is detached or a better anchor shows up. `settled` must be cheap (the common case on busy pages:
 * the panel is in place and nothing to look up); `check` runs at most once per frame. Returns the stop function.
 */
export function observePage(ctx: ContentScriptContext, settled: () => boolean, check: () => void): () => void {
  let scheduled = false;
  const observer = new MutationObserver(
    timed(() => {
      // The common case on busy pages (live chat, comments): the panel is in place in the best anchor and the
      // page is the same, so there is nothing to look up and no frame to ask for. settled() reads no style or
      // layout and changes nothing (the frame notes the URL it checked), so asking it here is as cheap as there.
      if (scheduled || settled()) return;
      scheduled = true;
      requestAnimationFrame(
        timed(() => {
          scheduled = false;
          if (settled()) return;
          check();
        }),
      );
    }),
  );
  observer.observe(document.documentElement, { childList: true, subtree: true });
  publishObserverTime(ctx);
  return () => observer.disconnect();
}

/**
 * Test builds count the main-thread time the observer spends (for `npm run bench`, panel.observer_ms_per_s)
 * and write it into an attribute of <html> only when asked (OBSERVER_MS_EVENT): writing it after every callback
 * invalidated the page's style each time, some 15 ms of a page load that production builds never pay.
 */
let spentMs = 0;
function timed(work: () => void): () => void {
  if (import.meta.env.MODE !== 'e2e') return work;
  return () => {
    const start = performance.now();
    work();
    spentMs += performance.now() - start;
  };
}

/** Test builds only: answers the bench's OBSERVER_MS_EVENT; removed with the content script. */
function publishObserverTime(ctx: ContentScriptContext): void {
  if (import.meta.env.MODE !== 'e2e') return;
  ctx.addEventListener(document, OBSERVER_MS_EVENT, () => {
    document.documentElement.dataset.tlObserverMs = spentMs.toFixed(3);
  });
}
