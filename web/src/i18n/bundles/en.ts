import type { Tree } from '../texts';

/** Every i18n/en/<area>.json, in one module: the language loads as one file. */
export default import.meta.glob<Tree>('../en/*.json', { eager: true, import: 'default' });
