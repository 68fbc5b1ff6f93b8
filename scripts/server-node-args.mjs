/**
 * The Node.js options the server runs with: `npm start` uses them, and the benchmarks start the server
 * the same way, so what they measure is what runs.
 * - source maps: stack traces in the log point at server/src, not at the bundle.
 * - a young generation capped at 8 MB per semi-space instead of 16: the start (migrations, compiling
 *   the embedded database) grows it to the cap and V8 keeps it; 8 MB saves ~20 MB of idle memory, and
 *   requests allocate far less than that between two collections.
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=8'];
