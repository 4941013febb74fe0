import { render } from 'preact';
import { ask } from '../../utils/runtime';
import { App } from './App';

const root = document.getElementById('app');
const requestId = new URLSearchParams(location.search).get('request') ?? '';
if (root) render(<App requestId={requestId} send={ask} onDone={() => window.close()} />, root);
