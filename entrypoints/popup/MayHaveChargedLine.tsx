import { useEffect, useState } from 'preact/hooks';
import { t } from '../../utils/i18n/catalogue';
import type { PageSend } from '../../utils/protocol/send';

type Props = { send: PageSend; onOpen: () => void };

/**
 * "N purchases may have been charged": requests whose answer never arrived (timeout, dropped connection, a stop
 * mid-request) and that nothing settled since. Shown only when there are some; it opens the spending history.
 */
export function MayHaveChargedLine({ send, onOpen }: Props) {
  const [open, setOpen] = useState(0);

  useEffect(() => {
    let alive = true;
    void send({ type: 'spending.unknown' }).then((reply) => {
      if (alive && reply.ok) setOpen(reply.data.count);
    });
    return () => {
      alive = false;
    };
  }, [send]);

  if (open === 0) return null;
  return (
    <p class="may-have-charged">
      <button type="button" class="link" onClick={onOpen}>
        {t('popup.mayHaveCharged', { n: open })}
      </button>
    </p>
  );
}
