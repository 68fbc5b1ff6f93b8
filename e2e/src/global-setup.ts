import type { TestProject } from 'vitest/node';
import { startFakeOpenAi } from './fake-openai';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
  }
}

/** One server for the whole run; every scenario makes its own users or company, so they share it safely. */
export default async function setup(project: TestProject) {
  // AI assistants answer through this local OpenAI-compatible server, never the network.
  const openAi = await startFakeOpenAi();
  const server = await startServer({ OPENAI_BASE_URL: openAi.baseUrl });
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverLog', server.logFile);
  return async () => {
    await server.stop();
    await openAi.stop();
  };
}
