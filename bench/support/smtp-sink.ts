import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  port: number;
  /** Mails received so far. */
  count: () => number;
  /** When the first and the latest mail arrived (performance.now()). */
  firstAt: () => number;
  lastAt: () => number;
  close: () => Promise<void>;
}

/** An SMTP peer on 127.0.0.1 that accepts every mail and only counts them: the benches' mail server. */
export function startSmtpSink(): Promise<SmtpSink> {
  let received = 0;
  let first = 0;
  let last = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received += 1;
        last = performance.now();
        if (received === 1) first = last;
        callback();
      });
      stream.resume();
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      // A sender that stops (a server under test shut down mid-mailing) resets its connections: expected, not a crash.
      server.off('error', reject);
      server.on('error', () => {});
      const port = (server.server.address() as { port: number }).port;
      resolve({ port, count: () => received, firstAt: () => first, lastAt: () => last, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
