/**
 * A phrase in its matching form: accents dropped (NFD, marks removed), lower case, and no whitespace at
 * all, so "Quero  Promoção", "quero promocao" and " QUEROPROMOCAO " all match one campaign. A message
 * starts a campaign when its whole text has the campaign's key: a phrase inside a longer sentence does not.
 */
export function phraseKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, '');
}
