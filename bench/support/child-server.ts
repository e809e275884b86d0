import { fork, type ChildProcess } from 'node:child_process';
import { ROOT } from './server';

export interface ChildServer {
  child: ChildProcess;
  /** The port the child reports once it listens. */
  port: Promise<number>;
  /** Ends the child and waits until it is gone. */
  stop(): Promise<void>;
}

/**
 * A ceiling server in its own process, as the app runs in its own, so both compete with the load
 * generator for the same cores in the same way. The module forks itself with `childFlag` set and
 * the child answers `{ port }` over IPC when it listens; the child dies with the bench.
 */
export function forkChildServer(modulePath: string, childFlag: string, name: string): ChildServer {
  const child = fork(modulePath, [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [childFlag]: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`${name} exited early (code ${code})`)));
  });
  return {
    child,
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      process.off('exit', killOnExit);
    },
  };
}
