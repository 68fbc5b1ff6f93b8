import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
  }
}

/** One server for the whole run; every scenario makes its own users or company, so they share it safely. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverLog', server.logFile);
  return async () => {
    await server.stop();
  };
}
