import type { Tree } from '../texts';

/** Every i18n/es/<area>.json, in one module: the language loads as one file. */
export default import.meta.glob<Tree>('../es/*.json', { eager: true, import: 'default' });
