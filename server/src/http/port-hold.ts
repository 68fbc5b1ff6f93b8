import net from 'node:net';

/** The message a start on a taken port stops with. */
export class PortTakenError extends Error {
  constructor(host: string, port: number) {
    super(`Port ${port} on ${host} is already in use. Stop what uses it, or start with another PORT.`);
  }
}

/**
 * Takes the port before anything else starts (the embedded database above all), so a start that cannot
 * serve stops before it has touched any data. Resolves to the function that hands the port over to the
 * app, right before it listens.
 */
export function holdPort(host: string, port: number): Promise<() => Promise<void>> {
  const server = net.createServer((peer) => peer.destroy());
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortTakenError(host, port) : err));
    server.listen({ host, port, exclusive: true }, () => resolve(() => new Promise<void>((done) => server.close(() => done()))));
  });
}
