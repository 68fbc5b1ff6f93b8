// With alpha/reads-beta-internals.ts this makes alpha and beta import each other: a feature-level cycle.
import { alphaValue } from '../alpha';

export const fromAlpha = alphaValue;
