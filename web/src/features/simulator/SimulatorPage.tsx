import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { Box, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { Composer } from './components/Composer';
import { PhoneMessage } from './components/PhoneMessage';
import { randomCustomerNumber, readAsDataUrl, SIMULATOR_MAX_FILE_BYTES, simulatorTypeOf } from './files';
import { isCustomerNumber, useCustomerConversation, useSendAsCustomer, useSimulatorConnection } from './hooks';

/** The customer's identity is remembered per connection, so a reload keeps the same conversation. */
function useCustomer(connectionId: number) {
  const key = `simulator:${connectionId}`;
  const [customer, setCustomer] = useState<{ number: string; name: string }>(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(key) ?? 'null');
      if (saved && typeof saved.number === 'string') return { number: saved.number, name: String(saved.name ?? '') };
    } catch {
      // unreadable: start over
    }
    return { number: randomCustomerNumber(), name: '' };
  });
  useEffect(() => {
    localStorage.setItem(key, JSON.stringify(customer));
  }, [key, customer]);
  return [customer, setCustomer] as const;
}

/**
 * /simulator/{connectionId} (admins): a phone on which a person types as the customer of a simulator
 * connection and sees the company's replies arrive (polled every second), with their own messages'
 * state. Messages go through POST /simulator/{id}/messages, the same path tests and benchmarks use.
 */
export default function SimulatorPage() {
  const { t } = useTranslation();
  const connectionId = Number(useParams().connectionId);
  const { data: connection, error: connectionError } = useSimulatorConnection(connectionId);
  const [customer, setCustomer] = useCustomer(connectionId);
  const validNumber = isCustomerNumber(customer.number);
  const { data: conversation } = useCustomerConversation(connectionId, customer.number);
  const send = useSendAsCustomer(connectionId);
  const bottom = useRef<HTMLDivElement>(null);
  const count = conversation?.messages.length ?? 0;

  useEffect(() => {
    if (connectionError) toastError(connectionError);
  }, [connectionError]);
  useEffect(() => {
    if (count > 0) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const base = () => ({ from: customer.number, ...(customer.name.trim() ? { name: customer.name.trim() } : {}) });
  const post = async (body: Parameters<typeof send.mutateAsync>[0]) => {
    try {
      await send.mutateAsync(body);
    } catch (err) {
      toastError(err);
      throw err;
    }
  };
  const sendText = (text: string) => post({ ...base(), type: 'text', body: text });
  const sendFile = async (file: File, caption: string) => {
    if (file.size > SIMULATOR_MAX_FILE_BYTES) {
      notify(t('simulator.fileTooLarge'), 'error');
      throw new Error('file too large');
    }
    await post({ ...base(), type: simulatorTypeOf(file), mediaUrl: await readAsDataUrl(file), fileName: file.name, body: caption });
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Stack spacing={0.5} sx={{ width: '100%', maxWidth: 440 }}>
        <Typography variant="h5" component="h1" data-testid="simulator-title">
          {t('simulator.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('simulator.subtitle')}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ width: '100%', maxWidth: 440 }}>
        <TextField
          label={t('simulator.number')}
          size="small"
          value={customer.number}
          sx={{ flex: 1 }}
          onChange={(e) => setCustomer({ ...customer, number: e.target.value.replace(/\D/g, '') })}
          error={!validNumber}
          helperText={validNumber ? ' ' : t('simulator.numberHelp')}
        />
        <TextField
          label={t('simulator.name')}
          size="small"
          value={customer.name}
          sx={{ flex: 1 }}
          onChange={(e) => setCustomer({ ...customer, name: e.target.value })}
          helperText=" "
        />
      </Stack>
      <Paper
        elevation={6}
        sx={{
          width: '100%',
          maxWidth: 440,
          // The whole phone fits a laptop screen under the page's header and fields.
          height: 'min(70vh, calc(100dvh - 290px))',
          minHeight: 380,
          display: 'flex',
          flexDirection: 'column',
          borderRadius: 4,
          overflow: 'hidden',
          border: '8px solid #1f2c34',
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1.25, bgcolor: '#075e54', color: '#fff' }}>
          <PhoneIphoneIcon />
          <Typography sx={{ flex: 1, fontWeight: 600 }} noWrap data-testid="simulator-connection">
            {connection?.name ?? '…'}
          </Typography>
          {connection && <Chip size="small" label={connection.status} sx={{ color: '#fff', bgcolor: 'rgba(255,255,255,.2)' }} />}
        </Stack>
        <Stack spacing={0.75} sx={{ flex: 1, overflowY: 'auto', p: 1.5, bgcolor: '#efeae2' }} data-testid="simulator-messages">
          {count === 0 && (
            <Typography variant="body2" sx={{ alignSelf: 'center', mt: 4, color: '#667781', textAlign: 'center' }}>
              {t('simulator.empty')}
            </Typography>
          )}
          {conversation?.messages.map((m) => (
            <PhoneMessage key={`${m.fromCustomer ? 'in' : 'out'}-${m.id}`} message={m} />
          ))}
          <Box ref={bottom} />
        </Stack>
        <Composer disabled={!validNumber || !connection} onText={sendText} onFile={sendFile} />
      </Paper>
    </Stack>
  );
}
