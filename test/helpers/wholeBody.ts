/**
 * A client that writes a request's whole body before it reads a byte of the answer, as many
 * simple clients do, over a raw socket: it sees a refusal only if the service lets it.
 */
import { connect, type Socket } from 'node:net';

export interface WholeBodyReply {
  /** The status line and headers, lower-cased names. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes of body written before the socket closed or failed. */
  written: number;
  /** The code of a socket error (EPIPE, ECONNRESET), or '' when there was none. */
  socketError: string;
}

export interface WholeBodySend {
  path: string;
  headers: Record<string, string>;
  /** Body bytes to send, in pieces of `piece` bytes. */
  total: number;
  piece?: number;
  /** Chunked transfer encoding instead of Content-Length. */
  chunked?: boolean;
  /** A Content-Length other than `total`, e.g. a larger one announced by a client that then keeps sending. */
  contentLength?: number;
}

export function sendWholeBody(base: string, send: WholeBodySend): Promise<WholeBodyReply> {
  const url = new URL(base);
  const pieceBytes = send.piece ?? 1024 * 1024;
  const framing = send.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${send.contentLength ?? send.total}`;
  const head = [`POST ${send.path} HTTP/1.1`, `Host: ${url.host}`, framing, ...Object.entries(send.headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  return new Promise((resolve) => {
    // allowHalfOpen: the service's FIN must not end the body early; this client ends when it is done.
    const socket = connect({ host: url.hostname, port: Number(url.port), allowHalfOpen: true });
    const received: Buffer[] = [];
    let written = 0;
    let socketError = '';
    let sent = false;
    let ended = false;
    // Done with the connection once the body is out and the answer is in: the service closed its
    // side, or kept the connection alive after an answer whose every byte has arrived.
    const finish = () => {
      if (sent && (ended || answered(Buffer.concat(received).toString('latin1')))) socket.end();
    };
    socket.on('data', (d: Buffer) => {
      received.push(d);
      finish();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => (socketError ||= err.code ?? err.message));
    socket.on('end', () => {
      ended = true;
      finish();
    });
    socket.on('close', () => resolve({ ...parse(Buffer.concat(received).toString('latin1')), written, socketError }));
    socket.on('connect', () => {
      void (async () => {
        socket.write(`${head}\r\n\r\n`);
        const piece = Buffer.alloc(pieceBytes, 0x20);
        while (written < send.total && !socket.destroyed) {
          const n = Math.min(pieceBytes, send.total - written);
          const bytes = n === pieceBytes ? piece : piece.subarray(0, n);
          const framed = send.chunked ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) : bytes;
          written += n;
          if (!socket.write(framed)) await drainedOrClosed(socket);
        }
        if (socket.destroyed) return;
        if (send.chunked) socket.write('0\r\n\r\n');
        sent = true;
        finish();
      })();
    });
  });
}

function drainedOrClosed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      socket.off('drain', go);
      socket.off('close', go);
      resolve();
    };
    socket.on('drain', go);
    socket.on('close', go);
  });
}

function answered(raw: string): boolean {
  const { headers, body } = parse(raw);
  return headers['content-length'] !== undefined && Buffer.byteLength(body, 'latin1') >= Number(headers['content-length']);
}

function parse(raw: string): Pick<WholeBodyReply, 'status' | 'headers' | 'body'> {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = (split < 0 ? raw : raw.slice(0, split)).split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body: split < 0 ? '' : raw.slice(split + 4) };
}
