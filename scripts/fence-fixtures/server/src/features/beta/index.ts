export { betaSecret } from './secret';
