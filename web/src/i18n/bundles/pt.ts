import type { Tree } from '../texts';

/** Every i18n/pt/<area>.json, in one module: the language loads as one file. */
export default import.meta.glob<Tree>('../pt/*.json', { eager: true, import: 'default' });
