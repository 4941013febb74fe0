import '../../components/youtube/panel.css';
import './frame.css';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { runEffectsWithoutFrames } from '../../components/hooks/effects-without-frames';
import { acceptFromPage, connectToPage } from '../../components/youtube/frame/page-line';
import { startFrame } from '../../components/youtube/frame/start';
import { LINE_BY_CHANNEL } from '../../utils/protocol/frame-line';

/**
 * The watch page's panel frame (components/youtube/frame/start.tsx), for the content script that made it. One
 * script, its styles inline in panel-frame.html (scripts/frame-page.ts): each file the frame loads is a dozen
 * tasks on the extension process's main thread (docs/benchmarks.md, "The panel in its frame").
 */
export default defineUnlistedScript(() => {
  const root = document.getElementById('app');
  const token = location.hash.slice(1);
  if (!root || !token || window.top === window) return;
  runEffectsWithoutFrames();
  // Firefox: the content script opens the line at this frame's load, so it is listened for before anything awaits.
  void startFrame(root, LINE_BY_CHANNEL ? Promise.resolve(acceptFromPage(token)) : connectToPage(token));
});
