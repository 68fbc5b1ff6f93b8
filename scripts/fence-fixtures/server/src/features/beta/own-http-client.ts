// Breach: a feature with its own HTTP client and its own socket.
import { request } from 'node:http';
import { connect } from 'node:net';
// Allowed: a type-only import, and tls' certificate helper (it opens nothing).
import type { Agent } from 'node:https';
import { createSecureContext } from 'node:tls';

export const get = (url: string, agent?: Agent) => request(url, { agent }).end();
export const open = (port: number) => connect(port);
export const context = () => createSecureContext();

/** Not a breach: a property named fetch is not the global. */
export const store = { fetch: (key: string) => key };
export const read = (key: string) => store.fetch(key);
