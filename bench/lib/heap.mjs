// What a server process really holds: through its V8 inspector (startServer({ inspect: true })), a
// full garbage collection and then the heap's used size. RSS alone also counts the garbage of work
// just done and memory V8 keeps for later, so "memory held by N waiting things" is read here.
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './server.mjs';

const WebSocket = createRequire(path.join(REPO_ROOT, 'server/package.json'))('ws');

/** Collects garbage in the process behind `inspectPort` and answers its used heap, in MiB. */
export async function heapAfterGc(inspectPort) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 0;
  const call = (method) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      const onMessage = (data) => {
        const msg = JSON.parse(String(data));
        if (msg.id !== id) return;
        socket.off('message', onMessage);
        if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
        else resolve(msg.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    // Twice: objects freed by the first collection's finalizers go in the second.
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const { usedSize } = await call('Runtime.getHeapUsage');
    return usedSize / (1024 * 1024);
  } finally {
    socket.close();
  }
}
