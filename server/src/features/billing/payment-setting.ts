import type { CompanyPaymentSettingView } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema';
import { notFound } from '../../http/errors';
import { type ProviderDeps, paymentProviders } from './providers';

/**
 * The company's payment setting as the checkout reads it (GET /companySettingOnePayment). The providers are
 * those the checkout would ask for a charge right now; their credentials stay with the super user's settings.
 */
export async function companyPaymentSetting(deps: ProviderDeps, companyId: number): Promise<CompanyPaymentSettingView> {
  const [company] = await deps.db
    .select({
      planId: companies.planId,
      paymentMethod: companies.paymentMethod,
      recurrence: companies.recurrence,
      dueDate: companies.dueDate,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const providers = paymentProviders(deps);
  const configured = await Promise.all(providers.map((p) => p.isConfigured()));
  return { companyId, ...company, providers: providers.filter((_, i) => configured[i]).map((p) => p.name) };
}
