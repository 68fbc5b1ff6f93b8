import { type CompanyListItem, type CompanyView, effectiveDueDate, type Recurrence } from '@chatflow/contract';
import type { CompanyRow } from '../../db/schema';
import type { FolderUsage } from '../../media';
import { formatAmount } from '../plans';

export interface PlanRef {
  id: number;
  name: string;
  amount: string;
}

/**
 * Whitelist of what leaves the server about a company. The due date goes through effectiveDueDate
 * so the main company reads 2999-12-31 wherever it is shown.
 */
export function presentCompany(c: CompanyRow, plan: PlanRef | null, folder: FolderUsage): CompanyView {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    document: c.document,
    addressStreet: c.addressStreet,
    addressCity: c.addressCity,
    addressState: c.addressState,
    planId: c.planId,
    plan: plan ? { id: plan.id, name: plan.name, amount: formatAmount(plan.amount) } : null,
    status: c.status,
    dueDate: effectiveDueDate(c.id, c.dueDate),
    recurrence: c.recurrence as Recurrence,
    paymentMethod: c.paymentMethod,
    numberAttendants: c.numberAttendants,
    numberConections: c.numberConections,
    schedules: c.schedules,
    createdAt: c.createdAt.toISOString(),
    lastLogin: c.lastLogin ? c.lastLogin.toISOString() : null,
    folderSize: folder.bytes,
    numberFileFolder: folder.files,
    updatedAtFolder: folder.lastModified?.toISOString() ?? null,
  };
}

export function presentCompanyListItem(c: Pick<CompanyRow, 'id' | 'name' | 'dueDate' | 'planId'>): CompanyListItem {
  return { id: c.id, name: c.name, dueDate: effectiveDueDate(c.id, c.dueDate), planId: c.planId };
}
