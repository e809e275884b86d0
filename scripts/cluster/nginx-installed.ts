import { execFileSync } from 'node:child_process';

/** Whether an `nginx` binary is on the PATH: the cluster's tests run only where it is (CI installs it). */
export function isNginxInstalled(): boolean {
  try {
    execFileSync('nginx', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
