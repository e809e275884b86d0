// The nginx configuration of a local cluster: one upstream of app instances, WebSocket upgrade,
// no sticky sessions (any instance serves any request: sessions, rate limits, the bus and
// photos live in PostgreSQL, Redis and object storage), and retries of idempotent requests on
// the next instance when one fails or is draining.

export interface NginxOptions {
  listenPort: number;
  /** Where nginx keeps its pid and temporary files. */
  prefix: string;
  /** Started by root (a CI container): workers keep root to use the temporary paths. */
  runAsRoot?: boolean;
  instances: { port: number; ready: boolean }[];
}

/**
 * Passive health checks only stand in for the readiness poll between two polls. With one failure
 * for 2 s (as before), a single dropped connection or timeout at the last ready instance (the others dead or
 * draining) left nginx with no live upstream: every reconnecting tab got an instant 502 and
 * backed off, which stretched the failover bench's reconnect p99 to 11 s. A dead instance costs
 * only a refused connect that nginx retries on the next one, so waiting for a few is cheap.
 */
export const PASSIVE_MAX_FAILS = 3;
export const PASSIVE_FAIL_TIMEOUT = '1s';

/**
 * The nginx.conf text. Unready instances are marked `down`: nginx's open-source edition only
 * checks health passively, so the cluster script polls `/readyz` and reloads.
 */
export function nginxConfig({ listenPort, prefix, runAsRoot = false, instances }: NginxOptions): string {
  const servers = instances
    .map(({ port, ready }) => `    server 127.0.0.1:${port} max_fails=${PASSIVE_MAX_FAILS} fail_timeout=${PASSIVE_FAIL_TIMEOUT}${ready ? '' : ' down'};`)
    .join('\n');
  return `# Written by scripts/cluster.ts: edits are lost on the next start.
${runAsRoot ? '# Started by root (a CI container): the workers keep root so they can use the temp paths below.\nuser root;\n' : ''}worker_processes 1;
daemon off;
master_process on;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 8192; }

http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  # Photos up to the app's own upload limit; the app refuses anything larger with its own message.
  client_max_body_size 25m;

  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }

  upstream rendezvous {
${servers}
    keepalive 64;
  }

  server {
    listen 127.0.0.1:${listenPort};

    location / {
      proxy_pass http://rendezvous;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # An instance that refuses, fails or drains (503) hands an idempotent request to the next;
      # a POST is never replayed by nginx (the client's idempotency key covers its own retry).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      # Chat sockets stay open for hours; the app pings every 30 s.
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      # Streamed pages reach the browser as they render.
      proxy_buffering off;
    }
  }
}
`;
}
