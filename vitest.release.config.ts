import { defineConfig } from 'vitest/config';

/**
 * The release suite (test/release): the store builds' manifests and contents (`npm run test:store`, part of
 * `npm test`), and the sources archive rebuilt from scratch (`npm run test:release`, in .ci/run).
 */
export default defineConfig({
  test: {
    include: ['test/release/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 900_000,
  },
});
