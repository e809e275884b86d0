import { Writable } from 'node:stream';

/**
 * The bytes React writes into a Node stream, as one buffer once it ends. A document rendered
 * whole (every suspense boundary resolved, `onAllReady`) is written in one go as soon as it is
 * piped: collecting it here lets the server send it as one buffer with its length, instead of
 * passing each of React's chunks through a web stream and back into a Node stream to the socket
 * (issue 36).
 */
export function collectPiped(pipe: (destination: Writable) => unknown): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const sink = new Writable({
      // Strings and Uint8Arrays reach `write` as Buffers (the stream's default `decodeStrings`);
      // React hands over a new view for each chunk, so keeping them copies nothing.
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        length += chunk.byteLength;
        done();
      },
      final(done) {
        resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length));
        done();
      },
    });
    sink.once('error', reject);
    pipe(sink);
  });
}
