import { CHATBOT_OPTION_TYPES } from '@chatflow/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, FormControlLabel, IconButton, MenuItem, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { type Control, Controller, useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ChatbotTargets } from '../hooks/use-chatbot-targets';
import { AttendantPicker } from './AttendantPicker';
import type { ChatbotFormOption, QueueFormValues } from '../queue-form';

interface Props {
  control: Control<QueueFormValues>;
  /** Path of this option in the form, e.g. 'chatbots.0.options.2'. */
  name: string;
  index: number;
  depth: number;
  targets: ChatbotTargets;
  canNest: boolean;
  onRemove(): void;
  /** The editor of the level below (passed in: the two components render each other). */
  renderChildren(name: string, depth: number, canAdd: boolean): ReactNode;
}

const TARGET_FIELD = { attendent: 'optUserId', queue: 'optQueueId', integration: 'optIntegrationId', file: 'optFileId' } as const;
type Field = keyof ChatbotFormOption;

/**
 * One option: its name (the menu entry), what choosing it does (type and target), the message shown
 * with its sub-menu, "close ticket", and, for a text option, the editor of the level below.
 */
export function ChatbotOptionItem({ control, name, index, depth, targets, canNest, onRemove, renderChildren }: Props) {
  const { t } = useTranslation();
  const path = (field: Field) => `${name}.${field}` as 'chatbots.0.name';
  const type = useWatch({ control, name: path('queueType') }) as ChatbotFormOption['queueType'];
  const children = (useWatch({ control, name: path('options') }) as unknown as unknown[] | undefined) ?? [];
  const target = type === 'text' ? null : TARGET_FIELD[type];
  const nameField = useController({ control, name: path('name') });
  const messageField = useController({ control, name: path('greetingMessage') });
  const label = `${index + 1}`;

  return (
    <Paper
      variant="outlined"
      data-testid={`chatbot-option-${depth}`}
      sx={{ p: 1.5, borderLeft: 4, borderLeftColor: depth === 1 ? 'primary.main' : depth === 2 ? 'secondary.main' : 'warning.main' }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="subtitle2" sx={{ pt: 1, minWidth: 20 }} aria-hidden>
            {label}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, flexGrow: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              size="small"
              label={t('queues.chatbot.name')}
              {...nameField.field}
              value={nameField.field.value ?? ''}
              error={!!nameField.fieldState.error}
              helperText={nameField.fieldState.error?.message ? t(nameField.fieldState.error.message) : undefined}
              slotProps={{ htmlInput: { 'data-testid': 'chatbot-option-name' } }}
            />
            <Controller
              control={control}
              name={path('queueType')}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  size="small"
                  label={t('queues.chatbot.type')}
                  {...field}
                  value={field.value ?? 'text'}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
                  slotProps={{ htmlInput: { 'data-testid': 'chatbot-option-type' } }}
                >
                  {CHATBOT_OPTION_TYPES.map((k) => (
                    <MenuItem key={k} value={k}>
                      {t(`queues.chatbot.types.${k}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {target && type === 'attendent' && (
              <Controller
                control={control}
                name={path(target)}
                render={({ field, fieldState }) => (
                  <AttendantPicker
                    value={(field.value as unknown as number | '') ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message ? t(fieldState.error.message) : undefined}
                  />
                )}
              />
            )}
            {target && type !== 'attendent' && (
              <Controller
                control={control}
                name={path(target)}
                render={({ field, fieldState }) => {
                  const choices = targets[type as Exclude<keyof typeof TARGET_FIELD, 'attendent'>];
                  return (
                    <TextField
                      select
                      size="small"
                      label={t(`queues.chatbot.targets.${type}`)}
                      {...field}
                      value={field.value ?? ''}
                      error={!!fieldState.error}
                      helperText={
                        fieldState.error?.message
                          ? t(fieldState.error.message)
                          : choices.length === 0
                            ? t(`queues.chatbot.noTargets.${type}`)
                            : undefined
                      }
                      slotProps={{ htmlInput: { 'data-testid': 'chatbot-option-target' } }}
                    >
                      {choices.map((c) => (
                        <MenuItem key={c.id} value={c.id}>
                          {c.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  );
                }}
              />
            )}
            <Controller
              control={control}
              name={path('closeTicket')}
              render={({ field }) => (
                <FormControlLabel
                  label={t('queues.chatbot.closeTicket')}
                  control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} size="small" />}
                />
              )}
            />
          </Box>
          <IconButton onClick={onRemove} aria-label={t('queues.chatbot.remove')} size="small">
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Stack>
        <TextField
          size="small"
          multiline
          minRows={2}
          maxRows={8}
          label={type === 'text' ? t('queues.chatbot.message') : t('queues.chatbot.messageOptional')}
          {...messageField.field}
          value={messageField.field.value ?? ''}
          error={!!messageField.fieldState.error}
          helperText={
            messageField.fieldState.error?.message
              ? t(messageField.fieldState.error.message)
              : type === 'text'
                ? t('queues.chatbot.messageHint')
                : undefined
          }
          slotProps={{ htmlInput: { 'data-testid': 'chatbot-option-message' } }}
        />
        {type === 'text' && (canNest || children.length > 0) && (
          <Box sx={{ pl: { xs: 1, sm: 3 } }}>
            {renderChildren(path('options'), depth + 1, canNest && !!String(messageField.field.value ?? '').trim())}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
