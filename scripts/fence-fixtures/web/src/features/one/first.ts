// Breach: a module cycle inside a feature (first <-> second).
import { second } from './second';

export const first = () => second;
