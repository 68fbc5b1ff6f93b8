// Breach: reaches into another feature's internals instead of its index.ts.
import { betaSecret } from '../beta/secret';

export const both = betaSecret + 1;
