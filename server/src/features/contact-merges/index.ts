/** Merging two contacts and undoing it: only its routes are used elsewhere. */
export { contactMergeRoutes } from './routes';
export { mergeAliasContact } from './commands/merge-alias';
