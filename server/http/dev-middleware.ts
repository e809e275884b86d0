import type { ServerBuild } from 'react-router';

/**
 * Development only: Vite serves modules and hot reload, and React Router's server build is
 * re-loaded through Vite on each request so edits show without a restart. Vite's HMR socket
 * keeps its own port: sharing Fastify's clashes with @fastify/websocket.
 */
export async function createDevMiddleware() {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true, hmr: { port: 24678 } }, appType: 'custom' });
  return {
    getBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    middlewares: vite.middlewares,
  };
}
