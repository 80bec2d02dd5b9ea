import { createServer, type Server, Socket } from 'node:net';

type Pair = { client: Socket; upstream: Socket; silenced: boolean };

/**
 * A TCP proxy in front of PostgreSQL for tests of a database that misbehaves: it can stop answering (as a
 * server stopped with SIGSTOP does), drop every connection and refuse new ones (a server that is down),
 * silence single connections while keeping them open (a peer gone without a word: a half-open socket),
 * and hold new connections before they reach the server (a reconnect in progress).
 */
export function startProxy(target: { host: string; port: number }) {
  let frozen = false;
  let held: (() => void)[] = [];
  let holding = false;
  let waiting: (() => void)[] = [];
  let heldCount = 0;
  const onHeld: (() => void)[] = [];
  const pairs = new Set<Pair>();
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const forward = (pair: Pair, from: Socket, to: Socket) =>
    from.on('data', (chunk) => {
      if (pair.silenced) return;
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const connect = (client: Socket) => {
    const upstream = new Socket();
    const pair: Pair = { client, upstream, silenced: false };
    pairs.add(pair);
    track(upstream);
    upstream.connect(target.port, target.host);
    forward(pair, client, upstream);
    forward(pair, upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      client.destroy();
      pairs.delete(pair);
    });
    client.resume();
  };
  let server: Server;
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server = createServer({ pauseOnConnect: true }, (client) => {
        track(client);
        if (!holding) return connect(client);
        waiting.push(() => connect(client));
        heldCount += 1;
        for (const wake of onHeld.splice(0)) wake();
      });
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  return {
    listen,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const send of held) send();
      held = [];
    },
    /** Drops every connection and refuses new ones. */
    down: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    /** Drops, in both directions, whatever the connection from this server-side client port carries. */
    silence(upstreamLocalPort: number) {
      for (const pair of pairs) if (pair.upstream.localPort === upstreamLocalPort) pair.silenced = true;
    },
    /** New connections are accepted but wait, unforwarded, until release(). */
    hold() {
      holding = true;
    },
    /** Resolves once `count` connections in all have been held. */
    async held(count: number) {
      while (heldCount < count) await new Promise<void>((wake) => onHeld.push(wake));
    },
    release() {
      holding = false;
      for (const go of waiting.splice(0)) go();
      waiting = [];
    },
    /** Sockets still open, on either side. */
    get open() {
      return [...sockets].filter((socket) => !socket.destroyed).length;
    },
  };
}
