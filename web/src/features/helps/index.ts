export { HelpsManager } from './HelpsManager';
