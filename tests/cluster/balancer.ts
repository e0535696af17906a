import net from 'node:net';

/**
 * A TCP round-robin balancer, like the one in front of the gateways in production: it
 * passes HTTP and websockets through untouched (no sticky sessions: websocket only) and
 * skips a backend that refuses connections.
 */
export async function startBalancer(backends: number[]) {
  let next = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => {});
    client.pause();
    const list = [...state.backends];
    const attempt = (tries: number) => {
      if (tries >= list.length) return client.destroy();
      const port = list[next++ % list.length]!;
      const upstream = net.connect(port, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        open.add(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.on('error', () => {
        if (!connected) attempt(tries + 1);
        else client.destroy();
      });
      upstream.on('close', () => {
        open.delete(upstream);
        client.destroy();
      });
      client.on('close', () => upstream.destroy());
    };
    attempt(0);
  });
  const state = { backends };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    /** where new connections go from now on */
    route(ports: number[]) {
      state.backends = ports;
    },
    async close() {
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
