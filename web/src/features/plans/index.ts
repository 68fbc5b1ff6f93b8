export { usePlans } from './hooks';
export { PlansManager } from './PlansManager';
