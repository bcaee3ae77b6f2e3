import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
      setupFiles: ['./test/setup.ts'],
    },
  }),
);
