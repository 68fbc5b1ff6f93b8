export { alphaValue } from './internal';
