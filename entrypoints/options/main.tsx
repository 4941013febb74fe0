import { render } from 'preact';
import { browser } from 'wxt/browser';
import { App } from './App';

const root = document.getElementById('app');
if (root) render(<App version={browser.runtime.getManifest().version} />, root);
