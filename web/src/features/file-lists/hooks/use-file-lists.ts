import type { FileListPage, FileListView } from '@chatflow/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedCache } from '../../../lib/paged-cache';

export const fileListKeys = {
  all: ['file-lists'] as const,
  lists: () => [...fileListKeys.all, 'list'] as const,
  list: (searchParam: string) => [...fileListKeys.lists(), searchParam] as const,
  choices: () => [...fileListKeys.all, 'choices'] as const,
};

/** GET /files {searchParam, pageNumber} → files, hasMore (spec 3 §7). */
export function useFileLists(searchParam: string) {
  return useInfiniteQuery({
    queryKey: fileListKeys.list(searchParam),
    queryFn: ({ pageParam }) => api.get<FileListPage>('/files', { searchParam, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** Every list of the company, for the chatbot's "file" option picker (lists are few; pages read until the end). */
export function useFileListChoices(enabled = true) {
  return useQuery({
    queryKey: fileListKeys.choices(),
    enabled,
    queryFn: async () => {
      const all: FileListView[] = [];
      for (let page = 1; page <= 50; page++) {
        const res = await api.get<FileListPage>('/files', { pageNumber: page });
        all.push(...res.files);
        if (!res.hasMore) break;
      }
      return all;
    },
  });
}

export const fileListsCache = pagedCache<FileListView, 'files', string>({
  field: 'files',
  listsKey: fileListKeys.lists(),
  filtersOf: (key) => String(key[2] ?? ''),
  matches: (f, term) => !term || f.name.toLowerCase().includes(term.toLowerCase()),
  compare: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
});

/** POST /files/uploadList/{id} (multipart: fileId, typeArch, files, mediaType, name, id). */
export function uploadFileListFile(listId: number, optionId: number, file: File) {
  const form = new FormData();
  form.append('fileId', String(optionId));
  form.append('typeArch', 'fileList');
  form.append('files', file);
  return api.post<FileListView>(`/files/uploadList/${listId}`, form);
}

export interface FileListSave {
  id: number | null;
  values: { name: string; message: string; options: { id?: number; name: string }[] };
  /** The file chosen for each option, by the option's index in `values.options`. */
  files: (File | null)[];
  /** Told the list as soon as it is stored, before its files go up: a retry after a refused file updates it. */
  onSaved?(list: FileListView): void;
}

/**
 * Saves the list, then sends each newly chosen file to the option it belongs to (new options have
 * an id only after the save; the answer keeps the options in the order they were sent).
 */
export function useSaveFileList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values, files, onSaved }: FileListSave) => {
      let saved = id === null ? await api.post<FileListView>('/files', values) : await api.put<FileListView>(`/files/${id}`, values);
      onSaved?.(saved);
      for (const [index, file] of files.entries()) {
        const option = saved.options[index];
        if (file && option) saved = await uploadFileListFile(saved.id, option.id, file);
      }
      return saved;
    },
    onSuccess: (saved) => {
      fileListsCache.upsert(qc, saved);
      void qc.invalidateQueries({ queryKey: fileListKeys.choices() });
    },
  });
}

export function useDeleteFileList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/files/${id}`),
    onSuccess: (_, id) => {
      fileListsCache.remove(qc, id);
      void qc.invalidateQueries({ queryKey: fileListKeys.choices() });
    },
  });
}
