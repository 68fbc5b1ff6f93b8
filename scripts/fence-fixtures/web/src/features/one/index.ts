export { first } from './first';
