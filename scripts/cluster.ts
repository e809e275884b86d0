// `npm run cluster`: N app instances and a worker behind nginx on one PostgreSQL, one Redis and
// one S3-compatible store (README: "Running several instances"). Ctrl-C stops it all.
import { parseArgs } from 'node:util';
import { startCluster } from './cluster/start-cluster';

const { values } = parseArgs({ options: { instances: { type: 'string', default: '2' }, port: { type: 'string', default: '8080' } } });
const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
try {
  const cluster = await startCluster({ instances: Number(values.instances), port: Number(values.port), env });
  process.stdout.write(`Rendezvous cluster: ${values.instances} instances and a worker behind nginx at ${cluster.url}\n`);
  const stop = () => void cluster.stop().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
