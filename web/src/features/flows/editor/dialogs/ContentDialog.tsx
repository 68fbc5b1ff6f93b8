import { FLOW_UPLOAD_MAX_MB } from '@chatflow/contract';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../../lib/errors';
import { notify } from '../../../../lib/notify';
import { uploadContentMedia } from '../../hooks/use-flow-document';
import { type MediaBlockType, pickedFileProblem, recompressImage } from '../media-files';
import { asPlaceholder } from '../variables';
import { ContentBlockCard } from './ContentBlockCard';
import { type BlockType, blockKey, blocksOf, type ContentBlock, contentData, contentProblem, isMedia } from './content-blocks';
import { dialogMode, type NodeDialogProps, NodeDialogShell } from './NodeDialogShell';

/** Spec 3 §4 / §9: the content dialog waits a fixed 1.5 s before saving or uploading. */
export const CONTENT_SAVE_DELAY_MS = 1500;

const ADD_BUTTONS: { type: BlockType; label: string }[] = [
  { type: 'message', label: 'text' },
  { type: 'interval', label: 'interval' },
  { type: 'img', label: 'image' },
  { type: 'audio', label: 'audio' },
  { type: 'video', label: 'video' },
];

interface Props extends NodeDialogProps {
  /** The flow's variables (from its question nodes), shown in {{double-brace}} form. */
  variables: string[];
  saveDelayMs?: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Content node ("Adicionar conteúdo ao fluxo" / "Editar conteúdo"; the spec's "Adicionar menu ao fluxo" named the
 * wrong node, a copy slip): ordered, removable blocks of text,
 * interval, image, audio (optionally a recorded voice note) and video. New files go up on save
 * (images recompressed first); the node keeps the stored urls.
 */
export function ContentDialog({ data, onSave, onClose, variables, saveDelayMs = CONTENT_SAVE_DELAY_MS }: Props) {
  const { t } = useTranslation();
  const mode = dialogMode(data);
  const [blocks, setBlocks] = useState<ContentBlock[]>(() => blocksOf(data));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const previews = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const patch = (key: string, change: Partial<ContentBlock>) =>
    setBlocks((all) => all.map((b) => (b.key === key ? { ...b, ...change } : b)));
  const add = (type: BlockType) =>
    setBlocks((all) => [...all, { key: blockKey(), type, value: '', record: type === 'audio' ? false : undefined }]);
  const move = (index: number, delta: -1 | 1) =>
    setBlocks((all) => {
      const next = [...all];
      [next[index], next[index + delta]] = [next[index + delta], next[index]];
      return next;
    });
  const pick = (block: ContentBlock, file: File) => {
    const why = pickedFileProblem(file, block.type as MediaBlockType);
    if (why === 'size') return notify(t('flows.content.fileTooLarge', { mb: FLOW_UPLOAD_MAX_MB }), 'error');
    if (why === 'type') return notify(t('flows.content.fileType', { types: file.name.split('.').pop() }), 'error');
    const preview = URL.createObjectURL(file);
    previews.current.push(preview);
    patch(block.key, { file, preview, original: file.name });
  };
  /** Writes {{variable}} at the end of the last text block (a new one when there is none). */
  const insertVariable = (key: string) => {
    const last = [...blocks].reverse().find((b) => b.type === 'message');
    if (last) patch(last.key, { value: `${last.value}${last.value && !last.value.endsWith(' ') ? ' ' : ''}${asPlaceholder(key)}` });
    else setBlocks((all) => [...all, { key: blockKey(), type: 'message', value: asPlaceholder(key) }]);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = contentProblem(blocks);
    setProblem(found);
    if (found) return notify(t(found), 'error');
    setBusy(true);
    try {
      await wait(saveDelayMs);
      const fresh = blocks.filter((b) => isMedia(b.type) && b.file);
      const uploaded = new Map<string, { name: string; original: string }>();
      if (fresh.length) {
        const files = await Promise.all(fresh.map((b) => (b.type === 'img' ? recompressImage(b.file as File) : (b.file as File))));
        const stored = await uploadContentMedia(files);
        for (const [i, b] of fresh.entries()) uploaded.set(b.key, { name: stored[i].name, original: b.file?.name ?? stored[i].original });
      }
      onSave(contentData(blocks, uploaded));
      notify(t('flows.content.added'));
    } catch (err) {
      if (err instanceof Error && !('status' in err)) notify(t('flows.content.compressError'), 'error');
      else toastError(err);
      setBusy(false);
    }
  };

  return (
    <NodeDialogShell
      title={mode === 'create' ? t('flows.content.addTitle') : t('flows.content.editTitle')}
      mode={mode}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      maxWidth="md"
    >
      <Stack spacing={2}>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('flows.content.variables')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mt: 0.5 }} useFlexGap>
            {variables.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('flows.content.noVariables')}
              </Typography>
            ) : (
              variables.map((v) => (
                <Chip key={v} size="small" label={asPlaceholder(v)} onClick={() => insertVariable(v)} data-testid="content-variable" />
              ))
            )}
          </Stack>
        </Box>
        {blocks.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('flows.content.empty')}
          </Typography>
        )}
        {blocks.map((b, i) => (
          <ContentBlockCard
            key={b.key}
            block={b}
            index={i}
            count={blocks.length}
            onChange={(change) => patch(b.key, change)}
            onPick={(file) => pick(b, file)}
            onRemove={() => setBlocks((all) => all.filter((x) => x.key !== b.key))}
            onMove={(delta) => move(i, delta)}
          />
        ))}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
          {ADD_BUTTONS.map((a) => (
            <Button
              key={a.type}
              variant="outlined"
              size="small"
              onClick={() => add(a.type)}
              disabled={busy}
              data-testid={`content-add-${a.type}`}
            >
              {t(`flows.content.${a.label}`)}
            </Button>
          ))}
        </Stack>
        {problem && !busy && (
          <Alert severity="error" data-testid="content-problem">
            {t(problem)}
          </Alert>
        )}
        {busy && (
          <Alert severity="info" data-testid="content-uploading">
            {t('flows.content.uploading')}
          </Alert>
        )}
      </Stack>
    </NodeDialogShell>
  );
}
