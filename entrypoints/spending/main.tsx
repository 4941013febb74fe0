import { render } from 'preact';
import { saveBlob } from '../../components/transcript/download';
import { startPage } from '../../utils/i18n/page';
import { sendPage } from '../../utils/protocol/send';
import { App } from './App';

const root = document.getElementById('app');
if (root) {
  void startPage(() =>
    render(<App send={sendPage} save={(blob, filename) => saveBlob(blob, filename, document.body)} />, root),
  );
}
