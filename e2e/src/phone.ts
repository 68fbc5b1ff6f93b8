import type { Page } from 'playwright-core';
import { loginAs } from './auth';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';
import { shows } from './wait';

/**
 * The customer's phone: a second browser context beside the agent's, where the admin has the simulator
 * page of the connection open. It is closed when `use` ends, whatever happens.
 */
export async function withCustomerPhone(agentPage: Page, baseUrl: string, connectionId: number, use: (phone: Page) => Promise<void>) {
  const phoneContext = await agentPage
    .context()
    .browser()!
    .newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 }, locale: 'pt-BR' });
  try {
    phoneContext.setDefaultTimeout(15_000);
    const phone = await phoneContext.newPage();
    await loginAs(phone, ADMIN_EMAIL, ADMIN_PASSWORD);
    await phone.goto(`/simulator/${connectionId}`);
    await shows(phone.getByTestId('simulator-title'), 'the simulator page');
    await use(phone);
  } finally {
    await phoneContext.close();
  }
}
