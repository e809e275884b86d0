import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetricsAccess } from './metrics-access';

/**
 * `GET /metrics` on a port of its own (METRICS_PORT for an app instance, WORKER_METRICS_PORT for
 * a worker), bound to the configured host, so that scrapes never go through the public load
 * balancer and the worker, which has no HTTP server, can be scraped too.
 */
export async function startMetricsListener(options: { access: MetricsAccess; host: string; port: number; onError?: (error: unknown) => void }) {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found\n');
      return;
    }
    options.access
      .answerOnMetricsPort(request.headers.authorization)
      .then((answer) => response.writeHead(answer.status, answer.headers).end(request.method === 'HEAD' ? undefined : answer.body))
      .catch((error: unknown) => {
        options.onError?.(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    /** The port listened on (the one asked for, or the one chosen for port 0). */
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper's kept-alive connection would otherwise hold the close open.
        server.closeAllConnections();
      }),
  };
}
