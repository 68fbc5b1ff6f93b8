// Breach: another feature's internals.
import { first } from '../one/first';

export const fromOne = first;
