import type { FileListView } from '@chatflow/contract';

/** The file list dialog: options keep their id once saved (their uploaded file stays with it). */
export interface FileListFormValues {
  name: string;
  message: string;
  options: { id?: number; name: string; path: string }[];
}

export const NEW_FILE_LIST_VALUES: FileListFormValues = { name: '', message: '', options: [{ name: '', path: '' }] };

export const toFormValues = (f: FileListView): FileListFormValues => ({
  name: f.name,
  message: f.message,
  options: f.options.map((o) => ({ id: o.id, name: o.name, path: o.path })),
});

/** The name shown for a stored file: its public url's last part (stored names are random). */
export const storedFileLabel = (path: string) => path.split('/').pop() ?? path;
