import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const TICKS_PER_SECOND = 100;

/** Resident memory of a process in bytes (Linux /proc). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
}

/** The median of a few RSS samples taken `intervalMs` apart (one sample catches a GC mid-way). */
export async function settledResidentBytes(pid: number, samples = 5, intervalMs = 300): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < samples; i++) {
    values.push(residentBytes(pid));
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** Node options that let `collectedResidentBytes` ask a process for full collections (`collect-on-signal.mjs`). */
export const COLLECT_ON_SIGNAL_NODE_ARGS = ['--expose-gc', '--import', fileURLToPath(new URL('./collect-on-signal.mjs', import.meta.url))];

/** The RSS of a process started with `COLLECT_ON_SIGNAL_NODE_ARGS`, once it has run full collections. */
export async function collectedResidentBytes(pid: number): Promise<number> {
  process.kill(pid, 'SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return settledResidentBytes(pid);
}

/** CPU seconds a process has used so far (user + system). */
export function cpuSecondsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at ") ".
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Busy, stolen and total jiffies of the whole machine. */
function machineTicks(): { busy: number; stolen: number; total: number } {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3] + cpu[4];
  const total = cpu.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, stolen: cpu[7] ?? 0, total };
}

export interface CpuShare {
  /** Cores the server process used on average. */
  server: number;
  /** Cores this (load generating) process used. */
  generator: number;
  /** Share of all cores busy, everything included (PostgreSQL too, and the stolen share). */
  machine: number;
  /**
   * Share of all cores the hypervisor gave to other guests while we wanted them (steal): on a
   * shared machine it explains a tail that no code of ours caused.
   */
  stolen: number;
}

/** Starts measuring; the returned function gives the average use since then. */
export function measureCpu(serverPid: number | null): () => CpuShare {
  const started = performance.now();
  const server = serverPid ? cpuSecondsOf(serverPid) : 0;
  const generator = process.cpuUsage();
  const machine = machineTicks();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(generator);
    const now = machineTicks();
    return {
      server: serverPid ? (cpuSecondsOf(serverPid) - server) / seconds : 0,
      generator: (used.user + used.system) / 1e6 / seconds,
      machine: (now.busy - machine.busy) / Math.max(1, now.total - machine.total),
      stolen: (now.stolen - machine.stolen) / Math.max(1, now.total - machine.total),
    };
  };
}
