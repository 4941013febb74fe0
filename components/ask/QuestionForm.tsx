import { useId } from 'preact/hooks';
import { MAX_QUESTION_CHARS } from '../../utils/bounds';
import { t } from '../../utils/i18n/catalogue';
import { ControlLabel } from '../ControlLabel';

type Props = {
  question: string;
  onQuestion: (question: string) => void;
  ready: boolean;
  sending: boolean;
  /** A person's Enter or click on Send (the event tells which, and whether a person made it). */
  onSend: (event: Event) => void;
};

/** The question box, its Send button with the price, and the hint. */
export function QuestionForm({ question, onQuestion, ready, sending, onSend }: Props) {
  // The textarea's id; its hint's is `${id}-hint`.
  const id = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      onSend(event);
    }
  };
  return (
    <form
      class="tl-ask-form"
      // Not on submit: Chromium marks a submit event trusted even when a page script called requestSubmit().
      onSubmit={(event) => event.preventDefault()}
    >
      <ControlLabel control={id} text={t('panel.ask.question')} />
      <textarea
        id={id}
        class="tl-question-input"
        rows={2}
        maxLength={MAX_QUESTION_CHARS}
        value={question}
        disabled={!ready}
        readOnly={sending}
        aria-describedby={`${id}-hint`}
        placeholder={ready ? t('panel.ask.placeholder') : ''}
        onInput={(event) => onQuestion(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <div class="tl-ask-row">
        <button
          type="button"
          class="tl-button tl-primary"
          disabled={!ready || sending || !question.trim()}
          onClick={onSend}
        >
          {t('panel.ask.send')}
        </button>
        <span class="tl-muted">{t('common.term.aiUnits', { n: 1 })}</span>
        {sending && <span class="tl-muted">{t('panel.ask.asking')}</span>}
      </div>
      <p class="tl-muted tl-hint" id={`${id}-hint`}>
        {t('panel.ask.hint')}
      </p>
    </form>
  );
}
