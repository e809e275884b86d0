import os from 'node:os';

/** What a bench hands to the final summary. */
export interface BenchOutcome {
  name: string;
  /** One line per figure, already formatted. */
  lines: string[];
  /** Targets missed (informational: missed targets never fail the run). */
  missed: string[];
  /**
   * Each figure's ratio against its ceiling in the same run, higher is better, by a name stable
   * from run to run: what `npm run bench -- quick` compares with its baseline.
   */
  ratios?: Record<string, number>;
}

/** Left-aligned first column, right-aligned others. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const render = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [render(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(render)].join('\n');
}

/** The machine's processor as the benches name it: `2 × AMD EPYC`. */
export function processorLine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}`;
}

export function machineLine(): string {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `node ${process.version}, ${processorLine()}, load average ${load}`;
}

export function heading(text: string) {
  console.log(`\n=== ${text} ${'='.repeat(Math.max(0, 76 - text.length))}`);
}

export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}
