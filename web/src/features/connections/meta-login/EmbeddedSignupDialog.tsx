import type { EmbeddedSignupResult } from '@chatflow/contract';
import FacebookIcon from '@mui/icons-material/Facebook';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { scopedPath, useConnectionScope } from '../hooks/connection-scope';
import { connectionKeys } from '../hooks/use-connections';
import { readSessionInfo } from './embedded-signup-session';
import { MetaDialogFrame } from './MetaDialogFrame';
import { useFacebookSdk, useMetaLoginSettings } from './use-meta-login';

type Phase = 'idle' | 'waiting' | 'saving' | 'cancelled' | 'failed';

/**
 * "Nova conexão › WhatsApp API oficial": Meta's Embedded Signup (FB.login with the operator's
 * configuration id, answered with a code) and its session-info message (the business account and
 * phone number ids). With both, POST /meta/embedded-signup has the server exchange the code, check
 * the number is the token's, register it with the PIN typed here, subscribe the app and create the
 * connection. "Avançado" keeps the manual form (ids and token typed in the connection dialog).
 */
export function EmbeddedSignupDialog({ onClose, onAdvanced }: { onClose(): void; onAdvanced(): void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const scope = useConnectionScope();
  const settings = useMetaLoginSettings();
  const ready = !!settings.data?.embeddedSignupReady;
  const { sdk, failed } = useFacebookSdk(settings.data, ready);
  const [pin, setPin] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState('');
  const code = useRef<string | null>(null);
  const session = useRef<{ phoneNumberId: string; wabaId: string } | null>(null);
  const pinValid = /^\d{6}$/.test(pin);

  const finish = async () => {
    if (!code.current || !session.current) return;
    const body = { code: code.current, ...session.current, pin };
    code.current = null; // a code is good for one exchange
    setPhase('saving');
    try {
      await api.post<EmbeddedSignupResult>(scopedPath('/meta/embedded-signup', scope), body);
      await qc.invalidateQueries({ queryKey: scope.companyId ? connectionKeys.allCompanies : connectionKeys.all });
      notify(t('common.operationSuccess'));
      onClose();
    } catch (err) {
      toastError(err);
      setPhase('failed');
    }
  };
  const finishRef = useRef(finish);
  finishRef.current = finish;

  // Meta's window tells this page which number the person chose (or that the flow was left).
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const info = readSessionInfo(event);
      if (!info) return;
      if (info.event === 'FINISH') {
        session.current = { phoneNumberId: info.phoneNumberId, wabaId: info.wabaId };
        void finishRef.current();
      } else if (info.event === 'CANCEL') {
        setPhase('cancelled');
      } else {
        setProblem(info.message);
        setPhase('failed');
      }
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);

  const openSignup = () => {
    if (!sdk || !settings.data) return;
    code.current = null;
    session.current = null;
    setProblem('');
    setPhase('waiting');
    sdk.login(
      (response) => {
        const given = response.authResponse?.code;
        if (!given) {
          setPhase('cancelled');
          return;
        }
        code.current = given;
        void finishRef.current();
      },
      {
        config_id: settings.data.embeddedSignupConfigId,
        response_type: 'code',
        override_default_response_type: true,
        extras: { setup: {}, featureType: '', sessionInfoVersion: '3' },
      },
    );
  };

  const busy = phase === 'waiting' || phase === 'saving';
  return (
    <MetaDialogFrame
      titleId="embedded-signup-title"
      title={t('connections.metaLogin.signupTitle')}
      settings={settings}
      ready={ready}
      missing={settings.data?.missing ?? []}
      onClose={onClose}
      onAdvanced={onAdvanced}
    >
      <>
        <Typography variant="body2" color="text.secondary">
          {t('connections.metaLogin.signupIntro')}
        </Typography>
        <TextField
          label={t('connections.metaLogin.pin')}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
          helperText={pin && !pinValid ? t('validation.pin') : t('connections.metaLogin.pinHelp')}
          error={!!pin && !pinValid}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 6 } }}
          sx={{ maxWidth: 320 }}
          disabled={busy}
        />
        {failed && <Alert severity="error">{t('connections.metaLogin.sdkFailed')}</Alert>}
        {phase === 'cancelled' && <Alert severity="info">{t('connections.metaLogin.cancelled')}</Alert>}
        {phase === 'failed' && problem && <Alert severity="error">{t('connections.metaLogin.signupError', { message: problem })}</Alert>}
        {busy && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={18} />
            <Typography variant="body2">
              {t(phase === 'saving' ? 'connections.metaLogin.saving' : 'connections.metaLogin.waiting')}
            </Typography>
          </Stack>
        )}
        <Box>
          <Button
            variant="contained"
            startIcon={<FacebookIcon />}
            onClick={openSignup}
            disabled={!sdk || !pinValid || busy}
            data-testid="embedded-signup-button"
          >
            {t('connections.metaLogin.continue')}
          </Button>
        </Box>
      </>
    </MetaDialogFrame>
  );
}
