/** The signature toggle is a per-browser preference (spec 1 §2.6 "persisted locally"). */
const KEY = 'signMessage';

export const readSignature = () => localStorage.getItem(KEY) !== 'false';
export const writeSignature = (on: boolean) => localStorage.setItem(KEY, String(on));
