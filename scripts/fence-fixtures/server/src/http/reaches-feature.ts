// Breach: infrastructure importing a feature (even through its index.ts).
import { alphaValue } from '../features/alpha';

export const infra = alphaValue;
