import { render } from 'preact';
import { saveBlob } from '../../components/transcript/download';
import { startPage } from '../../utils/i18n/page';
import type { LibraryList } from '../../utils/library/replies';
import { send, sendPage } from '../../utils/protocol/send';
import { LibraryApp } from './LibraryApp';
import { FIRST_SCREEN } from './useLibraryList';

const root = document.getElementById('app');
if (root) {
  // Asked before the messages load and the page first draws: the worker lists while the page starts. Only the
  // first screen, so the message stays small however large the library (the rest is asked once it is drawn).
  const firstList = sendPage({ type: 'library.list', first: FIRST_SCREEN });
  // It usually comes before the messages: then the first draw has its rows, not a frame and an effect later
  // (some 70 ms of an open on a busy two-core machine).
  let listed: LibraryList | undefined;
  void firstList.then((reply) => {
    if (reply.ok) listed = reply.data;
  });
  void startPage(() =>
    render(
      <LibraryApp
        send={sendPage}
        firstList={firstList}
        listed={listed}
        sendBulk={send}
        save={(blob, filename) => saveBlob(blob, filename, document.body)}
        copy={(text) => navigator.clipboard.writeText(text)}
        listHeight={Math.max(320, window.innerHeight - 300)}
      />,
      root,
    ),
  );
}
