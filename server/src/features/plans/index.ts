export { planRoutes } from './routes';
export { formatAmount } from './presenter';
export { presentPlan } from './presenter';
export { findPlan } from './service';
export { planForForm } from './service';
export { companyPlanSwitches } from './service';
