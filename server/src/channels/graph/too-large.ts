/**
 * The text stored instead of a file larger than the downloadLimit setting: the conversation then
 * says what arrived and why it is not there (Portuguese, the product's default language; stored
 * text is never translated).
 */
export function tooLargeText(limitBytes: number, fileName: string | undefined, caption: string): string {
  const mb = Math.round(limitBytes / (1024 * 1024));
  const what = fileName ? `"${fileName}"` : 'recebido';
  const note = `[Arquivo ${what} não baixado: maior que o limite de ${mb} MB]`;
  return caption && caption !== fileName ? `${note}\n${caption}` : note;
}
