import { render } from 'preact';
import { sendPage } from '../../utils/protocol/runtime';
import { App } from './App';

const root = document.getElementById('app');
const requestId = new URLSearchParams(location.search).get('request') ?? '';
if (root) render(<App requestId={requestId} send={sendPage} onDone={() => window.close()} />, root);
