import { render } from 'preact';
import { saveBlob } from '../../components/transcript/download';
import { send, sendPage } from '../../utils/protocol/send';
import { LibraryApp } from './LibraryApp';

const root = document.getElementById('app');
if (root) {
  render(
    <LibraryApp
      send={sendPage}
      sendBulk={send}
      save={(blob, filename) => saveBlob(blob, filename, document.body)}
      copy={(text) => navigator.clipboard.writeText(text)}
      listHeight={Math.max(320, window.innerHeight - 300)}
    />,
    root,
  );
}
