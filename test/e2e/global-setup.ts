import { buildProduction, buildTestExtension } from './support/build';

/**
 * Both builds once, before any worker starts: three specs read the store build, and each making it in its own test
 * rewrote files another worker's test could be reading (and cost a build a test, 50 s each under the load script).
 */
export default function globalSetup(): void {
  buildTestExtension();
  buildProduction();
}
