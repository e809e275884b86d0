import v8 from 'node:v8';

/**
 * Imported first by the server's entry point, before anything else has run long enough to give
 * V8 feedback.
 *
 * Allocation-site pretenuring is off (ADR 0015): under a burst of chat traffic V8 saw the
 * objects of a send (query rows, protocol buffers, message objects) survive a young-generation
 * collection while batches queued, and from then on allocated them straight into the old
 * generation, even once the load eased and each lived a few milliseconds. The old generation
 * then grew by about 9 MB/s at 2,000 messages/s, and every few seconds a full collection
 * stopped the server for 30–150 ms. Without pretenuring it grows by under 2 MB/s.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
