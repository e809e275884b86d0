import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Two things outside the server that put a message late, watched during a bench phase so a
 * missed latency target can be told apart from a slow server:
 *
 * - **The disk stalling.** On the shared machines a virtual disk sometimes completes nothing
 *   for 40–200 ms while requests wait: now and then a cache flush the host takes long over,
 *   and more often when another process here truncates or deletes files (the `discard` mount
 *   trims them). Every commit waits for its WAL flush, so every message in flight then waits
 *   too, whatever the app does.
 * - **The load generator's own event loop.** A message due, acknowledged or delivered while
 *   the generator is in a garbage collection is timed late by the generator, not the server.
 */
export interface Stalls {
  /** Longest stretch, in ms, in which requests were waiting on the disks and none completed; null without `/proc/diskstats`. */
  disk: number | null;
  /** Longest delay of this process's event loop, in ms. */
  generator: number;
}

const SAMPLE_MS = 20;
const LOOP_RESOLUTION_MS = 10;
// Not disks of their own: loop devices, RAM disks, compressed swap in RAM, optical drives.
const NOT_A_DISK = /^(loop|ram|zram|sr|fd)\d/;

export interface DiskActivity {
  /** Requests completed so far: reads, writes, and discards and flushes where the kernel counts them. */
  completed: number;
  inFlight: number;
}

/** Sums `/proc/diskstats` over the machine's block devices (fields per the kernel's iostats documentation). */
export function parseDiskStats(text: string): DiskActivity {
  let completed = 0;
  let inFlight = 0;
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 14 || NOT_A_DISK.test(fields[2])) continue;
    // Discards (field 14) since Linux 4.18, flushes (field 18) since 5.5.
    completed += Number(fields[3]) + Number(fields[7]) + Number(fields[14] ?? 0) + Number(fields[18] ?? 0);
    inFlight += Number(fields[11]);
  }
  return { completed, inFlight };
}

function readDiskActivity(): DiskActivity | null {
  try {
    return parseDiskStats(fs.readFileSync('/proc/diskstats', 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Folds samples into the longest stall: a stall runs from a sample that found requests in flight
 * through every later sample in which none completed and some still wait.
 */
export function createStallTracker() {
  let previous: DiskActivity | null = null;
  let stalledSince: number | null = null;
  let longest = 0;
  return {
    add(sample: DiskActivity, at: number) {
      const waiting = previous !== null && previous.inFlight > 0 && sample.inFlight > 0 && sample.completed === previous.completed;
      if (!waiting) stalledSince = sample.inFlight > 0 ? at : null;
      else if (stalledSince !== null) longest = Math.max(longest, at - stalledSince);
      previous = sample;
    },
    longest: () => longest,
  };
}

/** Starts watching; the returned function stops and gives the longest stalls since. */
export function watchStalls(): () => Stalls {
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loopDelay.enable();
  const disk = createStallTracker();
  const first = readDiskActivity();
  if (first) disk.add(first, performance.now());
  const timer = first
    ? setInterval(() => {
        const sample = readDiskActivity();
        if (sample) disk.add(sample, performance.now());
      }, SAMPLE_MS)
    : null;
  timer?.unref();
  return () => {
    if (timer) clearInterval(timer);
    loopDelay.disable();
    // The histogram records whole timer intervals; what the loop was held is the excess over one.
    return { disk: first ? disk.longest() : null, generator: Math.max(0, loopDelay.max / 1e6 - LOOP_RESOLUTION_MS) };
  };
}
