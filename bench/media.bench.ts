import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { createS3Storage } from '../server/adapters/storage/s3-storage';
import { processUpload } from '../server/domain/photos/image-processing';
import { startTestS3 } from '../tests/setup/s3-server';
import { captureSnapshot, startBareServer, type Snapshot } from './support/bare-server';
import { onCleanup } from './support/cleanup';
import { percentile } from './support/chat-load';
import { envNumber, heading, machineLine, table, type BenchOutcome } from './support/report';
import { startServer } from './support/server';

/**
 * Photos through the app from the local disk (@fastify/static, sendfile) and from S3-compatible
 * storage (streamed from s3rver by `GetObject`, ADR 0044), against a bare node:http server
 * replaying the same bytes and headers (the ceiling). One member photo as the app stores it
 * (re-encoded by the upload pipeline: its 320 px thumbnail and its 1280 px large WebP) sits at
 * the same key in both stores. Also the revalidation a browser sends after a week
 * (If-None-Match → 304, no body), which on S3 still costs one conditional `GetObject`.
 */

interface Measured {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, seconds: number, connections: number, headers: Record<string, string> = {}): Promise<Measured> {
  const latencies: number[] = [];
  // A 304 is the answer a revalidation wants: only what is neither 200 nor 304 counts as failed.
  let bad = 0;
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    headers,
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (status !== 200 && status !== 304) bad += 1;
  });
  const result = await instance;
  return { requestsPerSecond: result.requests.total / result.duration, p99Ms: percentile(latencies, 99), non2xx: bad, errors: result.errors + result.timeouts };
}

/**
 * A member's photo as the upload pipeline writes it: a 1600×1200 camera-like JPEG (softened
 * noise, so it compresses like a photo and not like a flat test colour) re-encoded to WebP.
 */
async function memberPhoto() {
  const width = 1600;
  const height = 1200;
  const noise = crypto.randomBytes(width * height * 3);
  const camera = await sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(2)
    .jpeg({ quality: 85 })
    .toBuffer();
  const processed = await processUpload(camera, 'image/jpeg');
  const name = `bench-${crypto.randomBytes(6).toString('hex')}`;
  return [
    { label: 'thumbnail', key: `photos/${name}-thumb.webp`, bytes: processed.thumb },
    { label: 'large', key: `photos/${name}.webp`, bytes: processed.large },
  ];
}

export async function runMediaBench(): Promise<BenchOutcome> {
  // Short slices: s3rver runs in this process, and its memory under thousands of GETs a second
  // grows until Node's heap gives out (at 4 GB, about two minutes into 10-second slices).
  const seconds = envNumber('BENCH_MEDIA_SECONDS', 3);
  const warmup = envNumber('BENCH_MEDIA_WARMUP_SECONDS', 2);
  const connections = Math.round(envNumber('BENCH_MEDIA_CONNECTIONS', 16));
  heading('Media: a member photo through the app, local disk vs S3 (s3rver), against bare node:http');
  console.log(machineLine());
  console.log(`autocannon: ${connections} connections, ${warmup} s warm-up, then ${seconds} s per server and file; no Accept-Encoding`);
  console.log('caveat: autocannon, the app, s3rver and the ceiling share this machine; s3rver is a Node process on the same cores and');
  console.log('loopback, so the S3 row shows the app-side cost of streaming plus a local store, not a remote bucket’s latency.');

  const files = await memberPhoto();
  // The disk: the files where DATA_DIR/media puts them, before the server starts.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-bench-media-'));
  const removeDataDir = onCleanup('media bench data dir', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  for (const file of files) {
    fs.mkdirSync(path.join(dataDir, 'media', path.dirname(file.key)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'media', file.key), file.bytes);
  }
  // The bucket: the same keys, written by the app's own adapter (as media-storage.ts lays them out).
  const s3 = await startTestS3({ prefix: 'bench' });
  const stopS3 = onCleanup('media bench S3', () => s3.close());
  const bucketMedia = createS3Storage({ client: s3.client, bucket: s3.bucket, prefix: `${s3.prefix}/media`, servedAt: '/media/' });
  for (const file of files) await bucketMedia.write(file.key, file.bytes, 'image/webp');

  // A few demo members: the seed also creates the site every request needs.
  const disk = await startServer({ dataDir, demoMembers: 4 });
  const stopDisk = onCleanup('media bench disk server', () => disk.stop());
  const bucket = await startServer({ demoMembers: 4, env: s3.env });
  const stopBucket = onCleanup('media bench S3 server', () => bucket.stop());

  const rows: string[][] = [];
  const lines: string[] = [];
  const missed: string[] = [];
  try {
    for (const file of files) {
      const diskSnapshot = await captureSnapshot(`${disk.url}/media/${file.key}`);
      const bucketSnapshot = await captureSnapshot(`${bucket.url}/media/${file.key}`);
      for (const [where, snapshot] of [
        ['disk', diskSnapshot],
        ['S3', bucketSnapshot],
      ] as [string, Snapshot][]) {
        if (snapshot.status !== 200 || !snapshot.body.equals(file.bytes))
          throw new Error(`${where} did not serve the photo's bytes: HTTP ${snapshot.status}, ${snapshot.body.length} bytes`);
      }
      const ceiling = await startBareServer(diskSnapshot);
      try {
        const runs: [string, string, Record<string, string>][] = [
          ['bare node:http (ceiling)', ceiling.url, {}],
          ['app, local disk', disk.url, {}],
          ['app, S3 (s3rver)', bucket.url, {}],
          ['app, S3, revalidation → 304', bucket.url, { 'if-none-match': String(bucketSnapshot.headers.etag) }],
        ];
        const results: Measured[] = [];
        for (const [, base, headers] of runs) {
          await load(`${base}/media/${file.key}`, warmup, connections, headers);
          results.push(await load(`${base}/media/${file.key}`, seconds, connections, headers));
        }
        const top = results[0]!.requestsPerSecond;
        runs.forEach(([name], index) => {
          const result = results[index]!;
          rows.push([
            `${file.label} (${file.bytes.length.toLocaleString('en')} B)`,
            name,
            result.requestsPerSecond.toFixed(0),
            `${result.p99Ms.toFixed(0)} ms`,
            (result.requestsPerSecond / top).toFixed(2),
            String(result.non2xx + result.errors),
          ]);
          if (result.non2xx || result.errors) missed.push(`media: ${name}, ${file.label}: ${result.non2xx} bad answers, ${result.errors} errors`);
        });
        const [, onDisk, onS3] = results;
        lines.push(
          `media ${file.label} ${file.bytes.length} B: disk ${onDisk!.requestsPerSecond.toFixed(0)} req/s, S3 ${onS3!.requestsPerSecond.toFixed(0)} req/s (S3 ÷ disk ${(onS3!.requestsPerSecond / onDisk!.requestsPerSecond).toFixed(2)}), ceiling ${top.toFixed(0)} req/s`,
        );
      } finally {
        await ceiling.stop();
      }
    }
    console.log(table(['file', 'served by', 'req/s', 'p99', '÷ ceiling', 'failed'], rows));
  } finally {
    await stopBucket();
    await stopDisk();
    await stopS3();
    await removeDataDir();
  }
  return { name: 'media', lines, missed };
}
