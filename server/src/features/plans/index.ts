export { planRoutes } from './routes';
export { formatAmount, presentPlan } from './presenter';
export { findPlan, planForForm } from './service';
