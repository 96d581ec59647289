import { createServer, connect, type Server, type Socket } from "node:net";

/**
 * A TCP proxy to a real server (PostgreSQL, Redis) that a test can cut and restore: `cut()`
 * drops every open connection and refuses new ones, as a dependency that went away would;
 * `restore()` listens on the same port again. `stall()` keeps every connection open and accepts
 * new ones but passes no byte either way, as a server that hangs would; `resume()` delivers what
 * was held and flows again. The shared servers themselves are never touched.
 */
export type TcpProxy = {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  stall(): void;
  resume(): void;
  stop(): Promise<void>;
};

export async function startTcpProxy(targetPort: number, targetHost = "127.0.0.1", fixedPort = 0): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server;
  let stalled = false;
  let held: Array<() => void> = [];
  const forward = (to: Socket) => (data: Buffer) => {
    if (stalled) held.push(() => to.write(data));
    else to.write(data);
  };
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(targetPort, targetHost);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => undefined);
        }
        client.on("data", forward(upstream));
        upstream.on("data", forward(client));
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
    });
  const port = await listen(fixedPort);
  const cut = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  };
  return {
    port,
    cut,
    restore: async () => {
      await listen(port);
    },
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
      const pending = held;
      held = [];
      for (const write of pending) write();
    },
    stop: async () => {
      stalled = false;
      held = [];
      if (server.listening) await cut();
    },
  };
}
