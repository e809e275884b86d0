import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and global functions; silence only those notices.
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  build: { assetsInlineLimit: 0 },
  server: { hmr: { port: 24678 } },
});
