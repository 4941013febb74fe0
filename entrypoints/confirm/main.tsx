import { render } from 'preact';
import { startPage } from '../../utils/i18n/page';
import { sendPage } from '../../utils/protocol/send';
import { App } from './App';

const root = document.getElementById('app');
const requestId = new URLSearchParams(location.search).get('request') ?? '';
// Never inside a frame: this window is where consent is given, so nothing may lay itself over it.
if (root && window.top === window) {
  void startPage(() => render(<App requestId={requestId} send={sendPage} onDone={() => window.close()} />, root));
}
