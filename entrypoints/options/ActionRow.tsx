import type { ComponentChildren } from 'preact';
import { ErrorAlert } from '../../components/page/ErrorAlert';
import type { ReplyError } from '../../utils/protocol/envelope';

type Props = {
  /** `row` in a section; `actions` for the form's own (sticky) bar. */
  class?: 'row' | 'actions';
  /** What the buttons did, said politely at the row's end ('' for nothing yet). */
  status: string;
  /** Why the last of them failed, as an alert below the row. */
  error?: ReplyError | null;
  children: ComponentChildren;
};

/** A row of the options page's buttons, what they did, and why they failed. */
export function ActionRow({ class: className = 'row', status, error = null, children }: Props) {
  return (
    <>
      <div class={className}>
        {children}
        <span role="status" class="result">
          {status}
        </span>
      </div>
      {error && <ErrorAlert error={error} />}
    </>
  );
}
