import type { MessageTemplateView, MessageView, TicketView } from '@chatflow/contract';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { contactSuggestions, draftComplete, draftFields, emptyDraft, previewOf, sendInput, type TemplateDraft } from './template-draft';
import { TemplatePreview } from './TemplatePreview';
import { useTemplates } from './use-templates';

interface Props {
  ticket: TicketView;
  onClose(): void;
  onSent?(message: MessageView): void;
}

/**
 * "Enviar modelo" (issue 32): choose an approved template of the ticket's Cloud API connection, fill
 * its variables (the contact's fields offered), see it as the customer will, send. Templates that
 * cannot be sent (pending, rejected, paused, a header with a file) are listed but not choosable.
 */
export function TemplateComposerDialog({ ticket, onClose, onSent }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const query = useTemplates(ticket.whatsappId);
  const templates = query.data?.templates ?? [];
  const [chosenId, setChosenId] = useState<number | ''>('');
  const [draft, setDraft] = useState<TemplateDraft>(emptyDraft);
  const chosen = templates.find((x) => x.id === chosenId) ?? null;
  const suggestions = useMemo(() => contactSuggestions(ticket.contact), [ticket.contact]);
  const send = useMutation({
    mutationFn: (template: MessageTemplateView) => api.post<MessageView>(`/messages/template/${ticket.id}`, sendInput(template, draft)),
  });

  const choose = (id: number) => {
    setChosenId(id);
    setDraft(emptyDraft());
  };
  const setValue = (part: keyof TemplateDraft, key: string, value: string) =>
    setDraft((d) => ({ ...d, [part]: { ...d[part], [key]: value } }));

  const submit = async () => {
    if (!chosen) return;
    try {
      const message = await send.mutateAsync(chosen);
      notify(t('templates.composer.sent'));
      onSent?.(message);
      onClose();
    } catch (err) {
      toastError(err);
    }
  };

  const fieldLabel = (part: keyof TemplateDraft, key: string) => {
    if (part === 'buttons') return t('templates.composer.button', { text: chosen?.buttons[Number(key)]?.text ?? key });
    return t(part === 'header' ? 'templates.composer.headerVariable' : 'templates.composer.bodyVariable', { name: key });
  };

  const sendable = templates.filter((x) => x.sendable);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="template-composer-title">
      <DialogTitle id="template-composer-title">{t('templates.composer.title')}</DialogTitle>
      <DialogContent dividers>
        {query.isLoading && <Skeleton variant="rounded" height={56} />}
        {query.isError && <Alert severity="error">{t('templates.loadError')}</Alert>}
        {query.data && sendable.length === 0 && (
          <Alert severity="info" data-testid="templates-none">
            {t('templates.composer.none')}
          </Alert>
        )}
        {query.data && sendable.length > 0 && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
              <TextField
                select
                label={t('templates.composer.template')}
                value={chosenId}
                onChange={(e) => choose(Number(e.target.value))}
                helperText={
                  chosen
                    ? `${chosen.language} · ${t(`templates.category.${chosen.category}`, { defaultValue: chosen.category })}`
                    : t('templates.composer.choose')
                }
                slotProps={{
                  select: { renderValue: (id) => templates.find((x) => x.id === id)?.name ?? '' },
                  htmlInput: { 'data-testid': 'template-select' },
                }}
              >
                {templates.map((x) => (
                  <MenuItem key={x.id} value={x.id} disabled={!x.sendable} data-testid="template-option" data-template-name={x.name}>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{x.name}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {x.language}
                        {!x.sendable &&
                          ` · ${t('templates.composer.notSendable', { status: t(`templates.status.${x.status}`, { defaultValue: x.status }) })}`}
                      </Typography>
                    </Box>
                  </MenuItem>
                ))}
              </TextField>
              {chosen && draftFields(chosen).length > 0 && (
                <Typography variant="subtitle2" component="h3">
                  {t('templates.composer.variables')}
                </Typography>
              )}
              {chosen &&
                draftFields(chosen).map(({ part, key }) => (
                  <Autocomplete
                    key={`${part}-${key}`}
                    freeSolo
                    options={suggestions}
                    getOptionLabel={(o) => (typeof o === 'string' ? o : o.value)}
                    renderOption={(props, o) => (
                      <li {...props} key={o.label}>
                        <Box>
                          <Typography variant="body2">{o.value}</Typography>
                          <Typography variant="caption" color="text.secondary">
                            {t(`templates.suggestion.${o.label}`)}
                          </Typography>
                        </Box>
                      </li>
                    )}
                    inputValue={draft[part][key] ?? ''}
                    onInputChange={(_e, value) => setValue(part, key, value)}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        required
                        label={fieldLabel(part, key)}
                        slotProps={{
                          ...params.slotProps,
                          htmlInput: { ...params.slotProps.htmlInput, maxLength: 1024, 'data-testid': `template-var-${part}-${key}` },
                        }}
                      />
                    )}
                  />
                ))}
            </Stack>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t('templates.composer.preview')}
              </Typography>
              {chosen ? (
                <TemplatePreview {...previewOf(chosen, draft)} />
              ) : (
                <Typography color="text.secondary" variant="body2">
                  {t('templates.composer.choose')}
                </Typography>
              )}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('templates.composer.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!chosen || !draftComplete(chosen, draft) || send.isPending}
          data-testid="template-send"
        >
          {t('templates.composer.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
