import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest(), preact()],
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/unit/**/*.test.tsx',
      'test/component/**/*.test.tsx',
      'test/service/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['test/setup/trusted-events.ts', 'test/setup/i18n.ts'],
    restoreMocks: true,
  },
});
