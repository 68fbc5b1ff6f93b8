/**
 * The contact form for another feature to show lazily (`lazy(loadContactModal)`): the split point stays
 * here, so a chunk that imports this feature's index for a hook never carries the form with it.
 */
export const loadContactModal = () => import('./ContactModal');
