import { buildFirefoxExtension } from './support/firefox';

export default function setup(): void {
  buildFirefoxExtension();
}
