import { dropDatabase } from './postgres.mjs';
import { killAllServers, removeDir } from './server.mjs';

/**
 * Runs a suite's `main`, and on Ctrl-C or SIGTERM leaves nothing behind: its servers killed, its
 * scratch folders removed and its database dropped (`beforeExit` closes anything else it opened).
 */
export function runBench(main, { dbName, dirs, beforeExit = () => {} }) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      beforeExit();
      killAllServers();
      for (const dir of dirs) removeDir(dir);
      dropDatabase(dbName)
        .catch(() => {})
        .finally(() => process.exit(130));
    });
  }
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
