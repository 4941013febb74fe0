import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import type { PageModule } from '../../components/youtube/modules';
import { startPage } from '../../components/youtube/page';

/**
 * Everything the YouTube content script does, as a module it imports from the extension's files
 * (components/youtube/lazy.ts; PageModule in components/youtube/modules.ts). A module because V8 compiles an
 * imported module on a background thread while it streams, and the build heads this one with
 * `//# allFunctionsCalledOnLoad` (wxt.config.ts), so its functions are compiled there too instead of on the page's
 * main thread at their first call (a content script gets no code cache): docs/benchmarks.md, "Page cost". It runs
 * in the content script's isolated world.
 */
export default defineUnlistedScript((): PageModule => ({ start: startPage }));
