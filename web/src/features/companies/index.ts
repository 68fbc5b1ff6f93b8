export { CompaniesManager } from './CompaniesManager';
