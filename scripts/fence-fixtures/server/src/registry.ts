// Breach: the composition side reaching past a feature's index.ts.
import { alphaValue } from './features/alpha/internal';

export const registered = [alphaValue];
