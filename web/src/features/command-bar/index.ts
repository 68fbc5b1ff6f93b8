export { KeyboardLayer } from './KeyboardLayer';
