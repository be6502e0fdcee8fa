import net, { type AddressInfo } from 'node:net';

export type DatabaseProxy = Awaited<ReturnType<typeof databaseProxy>>;

/**
 * A TCP proxy to PostgreSQL that can be cut and restored: cut, it drops every connection and
 * refuses new ones, as a database that went away does.
 */
export async function databaseProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      // Either end gone ends the other: a client killed mid-transaction must not leave its
      // session open on the server, holding locks.
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      up = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      up = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The same database's address through the proxy. */
export function throughProxy(databaseUrl: string, proxy: DatabaseProxy): string {
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.toString();
}
