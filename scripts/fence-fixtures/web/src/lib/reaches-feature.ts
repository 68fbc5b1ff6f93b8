// Breach: shared web code importing a feature.
import { two } from '../features/two';

export const shared = two;
