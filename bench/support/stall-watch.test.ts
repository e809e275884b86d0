import { describe, expect, it } from 'vitest';
import { createStallTracker, parseDiskStats } from './stall-watch';

// Two devices as the kernel prints them (major, minor, name, then reads completed … I/Os in flight …).
const DISKSTATS = [
  ' 254       0 vda 61561 9773 2445714 41290 540887 70476 38828992 120015 2 59040 175782 13672 29 1522920 4186 230029 10289',
  ' 254       1 vdb 100 0 800 10 200 0 1600 20 1 30 30 0 0 0 0 0 0',
  '   7       0 loop0 5000 0 40000 100 0 0 0 0 7 100 100 0 0 0 0 0 0',
  ' 252       0 zram0 10 0 80 0 20 0 160 0 3 0 0 0 0 0 0 0 0',
].join('\n');

describe('parseDiskStats', () => {
  it('sums completed reads, writes, discards and flushes and the requests in flight over real disks only', () => {
    expect(parseDiskStats(DISKSTATS)).toEqual({ completed: 61561 + 540887 + 13672 + 230029 + 100 + 200, inFlight: 3 });
  });

  it('reads the shorter lines of older kernels (no discard or flush counts)', () => {
    expect(parseDiskStats(' 8 0 sda 10 0 80 1 20 0 160 2 4 3 3')).toEqual({ completed: 30, inFlight: 4 });
  });

  it('reads nothing from an empty or foreign file', () => {
    expect(parseDiskStats('')).toEqual({ completed: 0, inFlight: 0 });
  });
});

describe('createStallTracker', () => {
  it('measures from the first sample with requests waiting to the last one in which none completed', () => {
    const tracker = createStallTracker();
    tracker.add({ completed: 10, inFlight: 0 }, 0);
    tracker.add({ completed: 12, inFlight: 1 }, 20);
    tracker.add({ completed: 12, inFlight: 1 }, 40);
    tracker.add({ completed: 12, inFlight: 2 }, 60);
    tracker.add({ completed: 12, inFlight: 2 }, 80);
    tracker.add({ completed: 15, inFlight: 0 }, 100);
    expect(tracker.longest()).toBe(60);
  });

  it('does not count a busy disk that keeps completing requests, nor an idle one', () => {
    const tracker = createStallTracker();
    let completed = 0;
    for (let at = 0; at <= 200; at += 20) tracker.add({ completed: (completed += 5), inFlight: 3 }, at);
    for (let at = 220; at <= 400; at += 20) tracker.add({ completed, inFlight: 0 }, at);
    expect(tracker.longest()).toBe(0);
  });

  it('keeps the longest of several stalls', () => {
    const tracker = createStallTracker();
    const samples: [number, number, number][] = [
      [1, 1, 0],
      [1, 1, 20],
      [1, 1, 40], // 40 ms
      [2, 0, 60],
      [2, 1, 80],
      [2, 1, 100],
      [2, 1, 120],
      [2, 1, 140], // 60 ms
      [3, 1, 160],
      [3, 1, 180], // 20 ms
    ];
    for (const [completed, inFlight, at] of samples) tracker.add({ completed, inFlight }, at);
    expect(tracker.longest()).toBe(60);
  });
});
