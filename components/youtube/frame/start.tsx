import { render } from 'preact';
import { currentLocale, setCatalogue } from '../../../utils/i18n/catalogue';
import { applyLocale, loadCatalogue } from '../../../utils/i18n/load';
import { ErrorAlert } from '../../page/ErrorAlert';
import { setSpendGate } from '../../spend-gate';
import { setViewSource } from '../../transcript/useAutoLoad';
import { disconnected } from '../background-line';
import { FramePanel } from './FramePanel';
import type { PageLine } from './page-line';
import { frameView } from './page-view';
import { createFrameVisibility } from './visibility';

/**
 * The watch page's panel, in a frame of the extension's own: its rendering runs in the extension's
 * process, not on the page's main thread, and the page's scripts cannot reach into it. The content script made
 * this frame and put a token in its address (components/youtube/PanelFrame.tsx); without one, or
 * outside a page, it shows nothing.
 */
export async function startFrame(root: HTMLElement, opening: Promise<PageLine | null>): Promise<void> {
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
  // The content script's words come first on the line (the video after them, kept until the panel listens): no
  // language choice read, no file fetched here. Without them (no line), the frame reads its own.
  const line = await opening;
  const words = line ? await line.words : null;
  if (words) setCatalogue(words.locale, words.entries);
  else await loadCatalogue('content');
  // On the panel's root too, as in the page, where its host's root carries them.
  for (const element of [document.documentElement, root]) applyLocale(element, currentLocale());
  render(line ? <FramePanel line={line} root={root} /> : <ErrorAlert error={disconnected()} />, root);
}
