import { defineConfig } from 'vitest/config';

/** The Firefox end-to-end suite: the built add-on in a real Firefox (see test/firefox). */
export default defineConfig({
  test: {
    include: ['test/firefox/**/*.test.ts'],
    globalSetup: ['test/firefox/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
