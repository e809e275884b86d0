import net from 'node:net';

export interface PostResponse {
  status: number;
  body: string;
}

/**
 * One keep-alive HTTP/1.1 connection that POSTs small JSON bodies, pipelined (the server
 * answers them in order). A few dozen lines instead of `http.request`: the load generator
 * shares the two cores with the server it measures, so every microsecond it spends is one the
 * server does not get. Understands exactly what Fastify sends back for JSON: a status line,
 * headers with Content-Length, the body.
 */
export class HttpConnection {
  private readonly socket: net.Socket;
  private readonly waiting: { resolve: (response: PostResponse) => void; reject: (error: Error) => void }[] = [];
  private buffer: Buffer = Buffer.alloc(0);

  private constructor(
    socket: net.Socket,
    private readonly host: string,
  ) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.failAll(error));
    socket.on('close', () => this.failAll(new Error('connection closed')));
  }

  static open(port: number, host: string): Promise<HttpConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(new HttpConnection(socket, host)));
      socket.once('error', reject);
    });
  }

  get inFlight(): number {
    return this.waiting.length;
  }

  post(path: string, cookie: string, json: string): Promise<PostResponse> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.socket.write(
        `POST ${path} HTTP/1.1\r\nhost: ${this.host}\r\ncookie: ${cookie}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
      );
    });
  }

  close() {
    this.socket.destroy();
  }

  private receive(chunk: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const headEnd = this.buffer.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const head = this.buffer.toString('latin1', 0, headEnd);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) {
        this.failAll(new Error(`response without content-length: ${head.split('\r\n')[0]}`));
        this.socket.destroy();
        return;
      }
      const end = headEnd + 4 + Number(length[1]);
      if (this.buffer.length < end) return;
      const status = Number(head.slice(9, 12));
      const body = this.buffer.toString('utf8', headEnd + 4, end);
      this.buffer = this.buffer.subarray(end);
      this.waiting.shift()?.resolve({ status, body });
    }
  }

  private failAll(error: Error) {
    for (const waiter of this.waiting.splice(0)) waiter.reject(error);
  }
}
