import v8 from 'node:v8';

/**
 * Garbage-collector settings for the server (ADR 0015). Imported first by the server's entry
 * point, before anything else has run long enough to give V8 feedback.
 *
 * - **No allocation-site pretenuring.** Under a burst of chat traffic V8 saw the objects of a
 *   send (query rows, protocol buffers, message objects) survive a young-generation collection
 *   while batches queued. From then on it allocated them straight into the old generation, even
 *   once the load eased and each lived a few milliseconds. The old generation grew by about
 *   9 MB/s at 2,000 messages/s, and a full collection every few seconds stalled the server for
 *   30–150 ms. Without pretenuring it grows by under 2 MB/s.
 * - **Old generation allowed to double before the next full collection.** After a full
 *   collection V8 set the next one a few megabytes above what survived (91 MB after 84 MB), so
 *   even that slow growth brought one every five seconds, each 10–20 ms of pause. A server
 *   holding about 100 MB of live data can afford another 100 MB between full collections. They
 *   then come about once a minute at 2,000 messages/s.
 *
 * The young generation's floor (ADR 0083) cannot be set here: V8 reads it when the heap is made,
 * so it is a flag on node's command line (scripts/server-node-flags.mjs).
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
v8.setFlagsFromString('--heap-growing-percent=100');
