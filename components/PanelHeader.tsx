import { t } from '../utils/i18n/catalogue';
import type { PanelPlacement } from '../utils/panel/prefs';
import { Icon } from './icons';

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
  const move = placement === 'floating' ? t('panel.toColumn') : t('panel.toFloat');
  const toggle = collapsed ? t('panel.expand') : t('panel.collapse');
  return (
    <header class="tl-header">
      <div class="tl-heading">
        <h2 class="tl-title">{t('panel.product')}</h2>
        <span class="tl-video" data-testid="video-id">
          {t('panel.video')} <code dir="ltr">{videoId}</code>
        </span>
        <span class="tl-connection" data-state={line}>
          {line === 'connected' ? t('panel.connected') : line === 'error' ? '' : t('panel.connecting')}
        </span>
      </div>
      <div class="tl-toolbar tl-header-tools">
        <button type="button" class="tl-button tl-library" title={t('panel.libraryHint')} onClick={onLibrary}>
          <Icon name="library" />
          <span class="tl-label">{t('common.library')}</span>
        </button>
        <button type="button" class="tl-icon-button tl-move" title={move} aria-label={move} onClick={onPlacement}>
          <Icon name={placement === 'floating' ? 'dock' : 'float'} />
        </button>
        <button
          type="button"
          class="tl-icon-button tl-collapse"
          aria-expanded={!collapsed}
          title={toggle}
          aria-label={toggle}
          onClick={onToggle}
        >
          <Icon name={collapsed ? 'down' : 'up'} />
        </button>
      </div>
    </header>
  );
}
