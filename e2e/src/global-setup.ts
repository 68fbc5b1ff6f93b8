import type { TestProject } from 'vitest/node';
import { startFakePayments } from '../../server/src/test/fake-payments';
import { E2E_META_APP_SECRET, startFakeGraph } from './fake-graph';
import { startFakeOpenAi } from './fake-openai';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLog: string;
    /** The fake payment providers' API (Asaas under /v3, Stripe under /v1) the server charges through. */
    paymentsUrl: string;
    /** The fake Graph API's base URL (its /e2e/sends lists the template scenario's sends). */
    graphUrl: string;
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
    // Meta's webhooks are refused unsigned: scenarios sign theirs with this secret, as Meta does with the app's.
    META_APP_SECRET: E2E_META_APP_SECRET,
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverLog', server.logFile);
  project.provide('paymentsUrl', payments.url);
  project.provide('graphUrl', graph.baseUrl);
  return async () => {
    await server.stop();
    await payments.close();
    await openAi.stop();
    await graph.stop();
  };
}
