import { t } from '../utils/i18n/catalogue';
import type { PanelPlacement } from '../utils/panel/prefs';

type Props = {
  videoId: string;
  /** The line to the background: connected once the context came, or failed, else connecting. */
  line: 'connected' | 'error' | 'connecting';
  placement: PanelPlacement;
  collapsed: boolean | null;
  onLibrary: () => void;
  onPlacement: () => void;
  onToggle: () => void;
};

/** The panel's title bar: the video, the line's state, the library, floating or in the column, and collapse. */
export function PanelHeader({ videoId, line, placement, collapsed, onLibrary, onPlacement, onToggle }: Props) {
  return (
    <header class="tl-header">
      <h2 class="tl-title">{t('panel.product')}</h2>
      <span class="tl-video" data-testid="video-id">
        {t('panel.video')} <code dir="ltr">{videoId}</code>
      </span>
      <span class="tl-line" data-state={line}>
        {line === 'connected' ? t('panel.connected') : line === 'error' ? '' : t('panel.connecting')}
      </span>
      <button type="button" class="tl-library" title={t('panel.libraryHint')} onClick={onLibrary}>
        {t('common.library')}
      </button>
      <button
        type="button"
        class="tl-collapse tl-move"
        title={placement === 'floating' ? t('panel.toColumn') : t('panel.toFloat')}
        aria-label={placement === 'floating' ? t('panel.toColumn') : t('panel.toFloat')}
        onClick={onPlacement}
      >
        {placement === 'floating' ? '⇲' : '⇱'}
      </button>
      <button
        type="button"
        class="tl-collapse"
        aria-expanded={!collapsed}
        aria-label={collapsed ? t('panel.expand') : t('panel.collapse')}
        onClick={onToggle}
      >
        {collapsed ? '▸' : '▾'}
      </button>
    </header>
  );
}
