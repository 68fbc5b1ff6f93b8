import type { Page } from 'playwright-core';
import { loginAs } from './auth';
import type { BrowserSession } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';
import { shows } from './wait';

/**
 * The customer's phone: a second browser context beside the agent's (watched for Content-Security-Policy
 * violations like the first), where the admin has the simulator page of the connection open. It is
 * closed when `use` ends, whatever happens.
 */
export async function withCustomerPhone(session: BrowserSession, connectionId: number, use: (phone: Page) => Promise<void>) {
  const phoneContext = await session.openContext();
  try {
    const phone = await phoneContext.newPage();
    await loginAs(phone, ADMIN_EMAIL, ADMIN_PASSWORD);
    await phone.goto(`/simulator/${connectionId}`);
    await shows(phone.getByTestId('simulator-title'), 'the simulator page');
    await use(phone);
  } finally {
    await phoneContext.close();
  }
}
