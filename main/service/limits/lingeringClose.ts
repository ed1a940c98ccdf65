/**
 * A reply that goes out before its request's body has all arrived (a refusal: a body over a
 * limit, a wrong media type, a missing token, a rate limit) ends the connection, gently.
 *
 * Closing a socket that still holds unread bytes makes the kernel send a reset, and a reset can
 * destroy the reply before a client that writes its whole body before reading gets to read it:
 * the client sees EPIPE or ECONNRESET instead of the refusal. Keeping the connection alive
 * instead would oblige the service to read a body of any size to its end. So, as well-behaved
 * servers do (a "lingering close"), the reply says `Connection: close`, the service stops
 * sending (FIN) and reads the rest of the body into the void, then closes: when the body ends,
 * after LINGER_BYTES more bytes, or after LINGER_IDLE_MS without any.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FolioApp } from '../kernel.ts';

/** How much of a refused body the service still reads so that its client can read the refusal. */
export const LINGER_BYTES = 64 * 1024 * 1024;
/** How long the service waits for more of a refused body before it closes. */
export const LINGER_IDLE_MS = 10_000;

export function installLingeringClose(app: FolioApp): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    // An injected request (the desktop mirror, app.inject) has a stand-in socket with no connection to close gently.
    if (!req.raw.complete && typeof req.raw.socket.destroySoon === 'function') {
      void reply.header('connection', 'close');
      lingerOnClose(req.raw, req.raw.socket);
    }
    done(null, payload);
  });
}

/**
 * Node's server calls `destroySoon()` on the socket once a `Connection: close` reply is out; this
 * socket's own destroySoon half-closes it and waits for the rest of the body instead. The body is
 * read from now on, not left to Node: Node drops the bytes of a request it drains itself before
 * they reach any listener, so nothing could count them.
 */
function lingerOnClose(req: IncomingMessage, socket: Socket): void {
  let read = 0;
  let lingering = false;
  const close = () => socket.destroy();
  req.on('data', (piece: Buffer) => {
    read += piece.length;
    if (lingering && read > LINGER_BYTES) close();
  });
  req.resume();
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (req.complete || read > LINGER_BYTES) return destroySoon();
    lingering = true;
    socket.end();
    req.once('end', close);
    req.once('error', close);
    socket.setTimeout(LINGER_IDLE_MS, close);
  };
}
