import { render } from 'preact';
import { saveBlob } from '../../components/transcript/download';
import { startPage } from '../../utils/i18n/page';
import { send, sendPage } from '../../utils/protocol/send';
import { LibraryApp } from './LibraryApp';

const root = document.getElementById('app');
if (root) {
  void startPage(() =>
    render(
      <LibraryApp
        send={sendPage}
        sendBulk={send}
        save={(blob, filename) => saveBlob(blob, filename, document.body)}
        copy={(text) => navigator.clipboard.writeText(text)}
        listHeight={Math.max(320, window.innerHeight - 300)}
      />,
      root,
    ),
  );
}
