import type { TestProject } from 'vitest/node';
import { startFakePayments } from '../../server/src/test/fake-payments';
import { startFakeGraph } from './fake-graph';
import { startFakeOpenAi } from './fake-openai';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    /** The fake payment providers' API (Asaas under /v3, Stripe under /v1) the server charges through. */
    paymentsUrl: string;
  }
}

/** One server for the whole run; every scenario makes its own users or company, so they share it safely. */
export default async function setup(project: TestProject) {
  const payments = await startFakePayments();
  // AI assistants answer through this local OpenAI-compatible server, never the network.
  const openAi = await startFakeOpenAi();
  // Meta's Graph API (the Cloud API number check) through the server tests' fake, never the network.
  const graph = await startFakeGraph();
  const server = await startServer({
    ASAAS_API_URL: `${payments.url}/v3`,
    STRIPE_API_URL: payments.url,
    OPENAI_BASE_URL: openAi.baseUrl,
    GRAPH_API_URL: graph.baseUrl,
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverLog', server.logFile);
  project.provide('paymentsUrl', payments.url);
  return async () => {
    await server.stop();
    await payments.close();
    await openAi.stop();
    await graph.stop();
  };
}
