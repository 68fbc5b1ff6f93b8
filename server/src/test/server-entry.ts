/** The server bundle the global setup built (test/global-setup.ts): what a test starts as its own server process. */
export function serverEntry(): string {
  const entry = process.env.TEST_SERVER_ENTRY;
  if (!entry) throw new Error('global setup did not build the server bundle (TEST_SERVER_ENTRY is not set)');
  return entry;
}
