import { useRef, useState } from 'preact/hooks';
import { safeFilename } from '../../utils/export';
import { type NotesSource, notesMarkdown, notesText } from '../../utils/export/notes-file';
import { t } from '../../utils/i18n/catalogue';
import type { Send } from '../../utils/protocol/send';
import { Icon } from '../icons';
import { CopyOutcome } from '../transcript/CopyOutcome';
import { downloadFile } from '../transcript/download';
import { useChapters } from './useChapters';
import type { NotesApi } from './useNotes';

type Props = { notes: NotesApi; send: Send };

const COPY_CLASSES = { status: 'tl-muted', alert: 'tl-error' };

/**
 * The video's highlights and notes out of the panel: copied as Markdown, or saved as a Markdown or plain-text
 * file, each item under the chapter of the analysis it falls in. Local and free.
 */
export function NotesExport({ notes, send }: Props) {
  const chapters = useChapters(notes.videoId, send);
  const bar = useRef<HTMLFieldSetElement>(null);
  const [said, setSaid] = useState<'copied' | 'failed' | null>(null);
  const source = (): NotesSource => ({
    videoId: notes.videoId,
    title: notes.videoTitle,
    items: notes.items,
    chapters: chapters ?? [],
  });
  // Ready once the chapters are known: a file made sooner would miss them.
  const waiting = chapters === null;
  const title = notes.videoTitle ? `${notes.videoTitle} notes` : null;

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(notesMarkdown(source()));
      setSaid('copied');
    } catch {
      setSaid('failed');
    }
  };
  const save = (kind: 'md' | 'txt') => {
    if (!bar.current) return;
    const content = kind === 'md' ? notesMarkdown(source()) : notesText(source());
    const mime = kind === 'md' ? 'text/markdown;charset=utf-8' : 'text/plain;charset=utf-8';
    downloadFile({ filename: safeFilename(title, notes.videoId, `notes.${kind}`), mime, content }, bar.current);
  };

  return (
    <fieldset ref={bar} class="tl-notes-bar tl-notes-export" aria-label={t('panel.notes.exports')}>
      <button type="button" class="tl-button" disabled={waiting} onClick={() => void copy()}>
        <Icon name="copy" />
        <span class="tl-label">{t('panel.notes.copyMarkdown')}</span>
      </button>
      <DownloadButton
        name={t('panel.notes.downloadMarkdown')}
        label={t('panel.notes.markdown')}
        disabled={waiting}
        onClick={() => save('md')}
      />
      <DownloadButton
        name={t('panel.notes.downloadText')}
        label={t('panel.notes.text')}
        disabled={waiting}
        onClick={() => save('txt')}
      />
      <CopyOutcome state={said} copied={t('panel.notes.copied')} classes={COPY_CLASSES} />
    </fieldset>
  );
}

type DownloadProps = { name: string; label: string; disabled: boolean; onClick: () => void };

/** A file's button: named in full ("Download notes as Markdown"), its short label beside the icon. */
function DownloadButton({ name, label, disabled, onClick }: DownloadProps) {
  return (
    <button type="button" class="tl-button" disabled={disabled} aria-label={name} title={name} onClick={onClick}>
      <Icon name="download" />
      <span class="tl-label">{label}</span>
    </button>
  );
}
