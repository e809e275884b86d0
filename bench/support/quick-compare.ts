/**
 * How `npm run bench -- quick` reads a run against its baseline: every ratio is a figure over its
 * own ceiling in the same run, so the machine's speed mostly cancels out, but a shared 2-core VM
 * still moves a ratio by 10–20 % between runs. A change beyond a quarter either way is named.
 */
export const QUICK_NOISE = 0.25;

export interface Baseline {
  measuredAt: string;
  machine: string;
  /** The processor it was measured on (`2 × AMD EPYC`): ratios still differ between processors. */
  processor: string;
  ratios: Record<string, number>;
}

/**
 * The committed baselines, one per processor the benches have run on. The ratios cancel out a
 * machine's speed but not its kind: on two hosts of the same day, one Intel and one AMD, the same
 * build's quick ratios differed by more than the noise in 11 of 17 figures. So a run is compared
 * with the baseline of its own processor when there is one.
 */
export interface BaselineFile {
  baselines: Baseline[];
}

/** The baseline of this processor, else the newest of another (`sameProcessor` says which). */
export function pickBaseline(file: BaselineFile, processor: string): { baseline: Baseline; sameProcessor: boolean } | null {
  const own = file.baselines.find((baseline) => baseline.processor === processor);
  if (own) return { baseline: own, sameProcessor: true };
  const newest = [...file.baselines].sort((a, b) => b.measuredAt.localeCompare(a.measuredAt))[0];
  return newest ? { baseline: newest, sameProcessor: false } : null;
}

/** The file with `next` as its processor's baseline, the other processors' kept. */
export function withBaseline(file: BaselineFile, next: Baseline): BaselineFile {
  return { baselines: [...file.baselines.filter((baseline) => baseline.processor !== next.processor), next] };
}

export interface Comparison {
  rows: string[][];
  /** One sentence per figure that moved beyond the noise, or appeared, or went missing. */
  moved: string[];
  noiseText: string;
}

/** Three significant digits: the uncached pages' ratios are a few thousandths. */
const fmt = (ratio: number) => ratio.toPrecision(3);

export function compareWithBaseline(now: Record<string, number>, baseline: Record<string, number>, noise = QUICK_NOISE): Comparison {
  const rows: string[][] = [];
  const moved: string[] = [];
  const names = [...new Set([...Object.keys(baseline), ...Object.keys(now)])];
  for (const name of names) {
    const before = baseline[name];
    const after = now[name];
    if (before === undefined) {
      rows.push([name, '–', fmt(after), '', 'new']);
      continue;
    }
    if (after === undefined || !Number.isFinite(after)) {
      rows.push([name, fmt(before), '–', '', 'not measured']);
      moved.push(`${name}: not measured (baseline ${fmt(before)})`);
      continue;
    }
    const change = after / before;
    const verdict = change < 1 / (1 + noise) ? 'SLOWER' : change > 1 + noise ? 'faster' : '';
    rows.push([name, fmt(before), fmt(after), `${change >= 1 ? '+' : ''}${((change - 1) * 100).toFixed(0)} %`, verdict]);
    if (verdict) moved.push(`${name}: ${fmt(before)} → ${fmt(after)} (${verdict.toLowerCase()})`);
  }
  return {
    rows,
    moved,
    noiseText: `moved = more than ${(noise * 100).toFixed(0)} % from the baseline either way (a ratio, so the machine's speed mostly cancels out)`,
  };
}
