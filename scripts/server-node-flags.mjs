// The node flags a web instance runs with (ADR 0083). They must be given on node's command line:
// V8 reads them when the heap is made, and NODE_OPTIONS refuses this one. `npm start`, `npm run
// demo`, the Dockerfile, the benches and the local cluster all start the server with them;
// scripts/server-node-flags.test.ts fails if one of them stops doing so.
//
// --min-semi-space-size=16: the young generation never shrinks below 16 MB a half. By default V8
// lets it fall to 1 MB while memory looks idle, and a request's short-lived objects then cost a
// scavenge every hundred small calls, each paying the fixed cost of scanning the app's large
// old generation's roots: 13 µs of GC pause a `/healthz` under load, against 2 µs with the flag.
export const SERVER_NODE_FLAGS = ['--min-semi-space-size=16'];

/** Whether this process was started with them (the server says so once when it was not). */
export function hasServerNodeFlags(execArgv = process.execArgv) {
  return SERVER_NODE_FLAGS.every((flag) => execArgv.includes(flag));
}
