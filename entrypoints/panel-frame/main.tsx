import '../../components/youtube/panel.css';
import './frame.css';
import { render } from 'preact';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import { setSpendGate } from '../../components/spend-gate';
import { setViewSource } from '../../components/transcript/useAutoLoad';
import { disconnected } from '../../components/youtube/background-line';
import { FramePanel } from '../../components/youtube/frame/FramePanel';
import { acceptFromPage, connectToPage, type PageLink } from '../../components/youtube/frame/page-line';
import { frameView } from '../../components/youtube/frame/page-view';
import { createFrameVisibility } from '../../components/youtube/frame/visibility';
import { currentLocale } from '../../utils/i18n/catalogue';
import { applyLocale, loadCatalogue } from '../../utils/i18n/load';
import { LINE_BY_CHANNEL } from '../../utils/protocol/frame-line';

/**
 * The watch page's panel, in a frame of the extension's own: its rendering runs in the extension's
 * process, not on the page's main thread, and the page's scripts cannot reach into it. The content script made
 * this frame and put a token in its address (components/youtube/PanelFrame.tsx); without one, or
 * outside a page, it shows nothing.
 */
async function start(root: HTMLElement, line: Promise<PageLink | null>): Promise<void> {
  setViewSource(frameView);
  // Before the panel draws: no click spends directly until the browser has seen this frame whole for a moment.
  const visibility = createFrameVisibility();
  setSpendGate(visibility);
  const html = document.documentElement;
  const mark = () => {
    html.dataset.armed = String(visibility.armed());
  };
  mark();
  visibility.listen(mark);
  visibility.watch(html);
  await loadCatalogue('content');
  // On the panel's root too, as in the page, where its host's root carries them.
  for (const element of [document.documentElement, root]) applyLocale(element, currentLocale());
  const link = await line;
  render(link ? <FramePanel link={link} root={root} /> : <ErrorAlert error={disconnected()} />, root);
}

const root = document.getElementById('app');
const token = location.hash.slice(1);
if (root && token && window.top !== window) {
  // Firefox: the content script opens the line at this frame's load, so it is listened for before anything awaits.
  void start(root, LINE_BY_CHANNEL ? Promise.resolve(acceptFromPage(token)) : connectToPage(token));
}
