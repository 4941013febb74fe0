import { render } from 'preact';
import { startPage } from '../../utils/i18n/page';
import { App } from './App';

const root = document.getElementById('app');
if (root) void startPage(() => render(<App />, root));
