import { t } from '../../utils/i18n/catalogue';
import type { ImportSummary } from '../../utils/library/replies';
import { Dialog } from './Dialog';
import {
  addsNothing,
  addsText,
  importedAnalysisNote,
  keepsText,
  leavesOutText,
  notesLeftOutText,
} from './import-words';

type Props = { name: string; summary: ImportSummary; onConfirm: () => void; onCancel: () => void };

/**
 * The file was read and checked, nothing is written yet: what it adds and what stays as it is. Only "Import"
 * writes; Escape or Cancel leaves everything as it was.
 */
export function ImportPreview({ name, summary, onConfirm, onCancel }: Props) {
  const nothing = addsNothing(summary);
  const keeps = keepsText(summary);
  const leaves = leavesOutText(summary);
  const notesLeft = notesLeftOutText(summary);
  return (
    <Dialog
      id="import"
      kind="calm"
      // One text node: the dialog is named by it (a file name rarely runs right to left).
      title={t('library.import.title', { name })}
      what={
        <>
          <li>{addsText(summary)}</li>
          {keeps && <li>{keeps}</li>}
          {leaves && <li>{leaves}</li>}
          {notesLeft && <li>{notesLeft}</li>}
        </>
      }
      act={{ label: t('library.import.confirm'), disabled: nothing, onClick: onConfirm }}
      cancel={{ label: t('common.cancel'), onClick: onCancel }}
      focus={nothing ? 'cancel' : 'act'}
    >
      {summary.adds.analyses > 0 && <p class="muted">{importedAnalysisNote()}</p>}
    </Dialog>
  );
}
