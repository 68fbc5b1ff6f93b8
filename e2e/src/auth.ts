import type { Page } from 'playwright-core';
import { atPath, shows } from './wait';

/** Opens /login and fills the form as a person would; does not wait for the outcome. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** Logs in through the login page and waits until the app shell greets the user. */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await atPath(page, '/tickets');
  await shows(page.getByTestId('greeting'), 'the greeting in the top bar');
}

/** The side menu's link to a page, by its visible label. */
export function menuLink(page: Page, label: string) {
  return page.getByRole('navigation', { name: 'menu' }).getByRole('link', { name: label, exact: true });
}
