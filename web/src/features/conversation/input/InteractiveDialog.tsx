import { PIX_KEY_TYPES, type PixKeyType } from '@chatflow/contract';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import type { InteractiveKind } from '../hooks/use-send';
import { emptyInteractive, type InteractiveValues, payloadFor, validateInteractive } from './interactive-forms';
import { ListSectionsEditor } from './ListSectionsEditor';

const KINDS: InteractiveKind[] = ['list', 'url', 'copy', 'call', 'pix'];
/** Payload field -> dialog field, so a contract message lands under the box that caused it. */
const FIELD_OF: Record<string, keyof InteractiveValues> = {
  description: 'text',
  url: 'value',
  phoneNumber: 'value',
  copyText: 'value',
  sendvalue: 'pixValue',
  sendmerchant_name: 'pixMerchant',
  sendKey: 'pixKey',
  sendkey_type: 'pixKeyType',
};

interface Props {
  open: boolean;
  onSend(kind: InteractiveKind, payload: Record<string, unknown>): Promise<unknown>;
  onClose(): void;
}

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** Interactive sends (spec 1 §2.6): Lista, URL, Copia, Me Ligue and PIX. */
export function InteractiveDialog({ open, onSend, onClose }: Props) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<InteractiveKind>('list');
  const [values, setValues] = useState<InteractiveValues>(emptyInteractive);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof InteractiveValues>(key: K, value: InteractiveValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const err = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  const field = (key: keyof InteractiveValues, label: string, extra: object = {}) => (
    <TextField
      fullWidth
      size="small"
      label={label}
      value={values[key] as string}
      onChange={(e) => set(key, e.target.value as never)}
      error={!!err(key)}
      helperText={err(key)}
      {...extra}
    />
  );

  const pickImage = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      set('image', await readBase64(file));
    } catch {
      notify(t('conversation.interactive.processError'), 'error', 2000);
    }
  };

  const submit = async () => {
    const payload = payloadFor(kind, values);
    const found = validateInteractive(kind, payload);
    const mapped = Object.fromEntries(Object.entries(found).map(([k, m]) => [FIELD_OF[k] ?? k, m]));
    setErrors(mapped);
    if (Object.keys(mapped).length) return;
    setBusy(true);
    try {
      await onSend(kind, payload);
      setValues(emptyInteractive());
      onClose();
    } catch (e) {
      notify(
        e instanceof ApiError && e.code === 'ERR_VALIDATION' ? errorMessage(e) : t('conversation.interactive.sendError'),
        'error',
        2000,
      );
    } finally {
      setBusy(false);
    }
  };

  const buttonKind = kind === 'url' || kind === 'copy' || kind === 'call';
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('conversation.interactive.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            label={t('conversation.interactive.type')}
            value={kind}
            data-testid="interactive-kind"
            onChange={(e) => {
              setKind(e.target.value as InteractiveKind);
              setErrors({});
            }}
          >
            {KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`conversation.interactive.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          {field('title', t('conversation.interactive.fields.title'))}
          {kind === 'list' && (
            <>
              {field('text', t('conversation.interactive.fields.text'), { multiline: true, minRows: 2 })}
              {field('buttonText', t('conversation.interactive.fields.buttonText'))}
              {field('footer', t('conversation.interactive.fields.footer'))}
              <ListSectionsEditor sections={values.sections} errors={errors} onChange={(s) => set('sections', s)} />
            </>
          )}
          {buttonKind && (
            <>
              {field('text', t('conversation.interactive.fields.description'), { multiline: true, minRows: 2 })}
              {field('buttonText', t('conversation.interactive.fields.buttonText'))}
              {field('value', t(`conversation.interactive.fields.${kind}Value`))}
              {field('footer', t('conversation.interactive.fields.footer'))}
              <Box>
                <Button component="label" size="small" variant="outlined">
                  {values.image ? t('conversation.interactive.imageChosen') : t('conversation.interactive.image')}
                  <input hidden type="file" accept="image/png,image/jpeg,image/webp" onChange={pickImage} />
                </Button>
                {values.image && (
                  <Button size="small" onClick={() => set('image', null)}>
                    {t('common.delete')}
                  </Button>
                )}
              </Box>
            </>
          )}
          {kind === 'pix' && (
            <>
              {field('pixValue', t('conversation.interactive.fields.pixValue'), { placeholder: '10,00' })}
              <TextField
                select
                size="small"
                label={t('conversation.interactive.fields.pixKeyType')}
                value={values.pixKeyType}
                onChange={(e) => set('pixKeyType', e.target.value as PixKeyType)}
              >
                {PIX_KEY_TYPES.map((k) => (
                  <MenuItem key={k} value={k}>
                    {k}
                  </MenuItem>
                ))}
              </TextField>
              {field('pixKey', t('conversation.interactive.fields.pixKey'))}
              {field('pixMerchant', t('conversation.interactive.fields.pixMerchant'))}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} data-testid="interactive-send">
          {t('conversation.input.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
