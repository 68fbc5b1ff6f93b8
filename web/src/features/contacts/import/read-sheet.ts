import { api } from '../../../lib/api';
import type { Sheet } from './import-mapping';

/** Spec 2 §5: spreadsheets (xls, xlsx) and text tables (csv, txt). */
export const ACCEPTED_EXTENSIONS = ['.xls', '.xlsx', '.csv', '.txt'];

export const hasAcceptedExtension = (name: string) => ACCEPTED_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** POST /contacts/upload: the server reads the file and answers its header and rows. */
export async function readSheet(file: File): Promise<Sheet> {
  const form = new FormData();
  form.append('file', file);
  const sheet = await api.post<Sheet>('/contacts/upload', form);
  if (!sheet || !Array.isArray(sheet.columns) || !Array.isArray(sheet.rows)) throw new Error('invalid sheet');
  return sheet;
}
