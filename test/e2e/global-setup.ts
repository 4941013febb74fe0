import { buildTestExtension } from './support/build';

export default function globalSetup(): void {
  buildTestExtension();
}
