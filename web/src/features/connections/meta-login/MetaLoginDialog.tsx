import { META_LOGIN_SCOPES, type FacebookConnectResult, type FacebookPageView } from '@chatflow/contract';
import FacebookIcon from '@mui/icons-material/Facebook';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { FacebookDialog } from '../components/FacebookDialog';
import { scopedPath, useConnectionScope } from '../hooks/connection-scope';
import { connectionKeys } from '../hooks/use-connections';
import type { FacebookLoginResponse } from './facebook-sdk';
import { MetaDialogFrame } from './MetaDialogFrame';
import { PageChooser } from './PageChooser';
import { useFacebookSdk, useMetaLoginSettings } from './use-meta-login';

interface Login {
  userId: string;
  token: string;
  pages: FacebookPageView[];
}

/**
 * "Nova conexão › Facebook / Instagram" (spec 2 §2): Meta's login with the page and Instagram
 * scopes, then the pages the person manages to choose from; POST /facebook connects the chosen ones
 * (the server exchanges the token for long-lived ones and subscribes each page). Before the operator
 * sets the Meta app it says what is missing. "Avançado" keeps the manual form (user id and token).
 */
export function MetaLoginDialog({ channel, onClose }: { channel: 'facebook' | 'instagram'; onClose(): void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const scope = useConnectionScope();
  const settings = useMetaLoginSettings();
  const ready = !!settings.data?.facebookReady;
  const { sdk, failed } = useFacebookSdk(settings.data, ready);
  const [advanced, setAdvanced] = useState(false);
  const [login, setLogin] = useState<Login | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const channelName = t(`connections.channels.${channel}`);

  if (advanced) return <FacebookDialog channel={channel} onClose={onClose} />;

  const listPages = async (response: FacebookLoginResponse) => {
    const auth = response.authResponse;
    if (!auth?.accessToken || !auth.userID) {
      setCancelled(true);
      return;
    }
    setBusy(true);
    try {
      const input = { facebookUserId: auth.userID, facebookUserToken: auth.accessToken };
      const pages = await api.post<FacebookPageView[]>(scopedPath('/facebook/pages', scope), input);
      setLogin({ userId: auth.userID, token: auth.accessToken, pages });
      // Pages not yet connected on this channel start chosen.
      setChosen(new Set(pages.filter((p) => (channel === 'facebook' || p.instagram) && !p.connected.includes(channel)).map((p) => p.id)));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const openLogin = () => {
    setCancelled(false);
    // Straight from the click: FB.login opens Meta's popup. Its callback must be a plain function.
    sdk?.login(
      (response) => {
        void listPages(response);
      },
      { scope: META_LOGIN_SCOPES.join(','), return_scopes: true },
    );
  };

  const connect = async () => {
    if (!login) return;
    setBusy(true);
    try {
      const body = {
        facebookUserId: login.userId,
        facebookUserToken: login.token,
        addInstagram: channel === 'instagram',
        pageIds: [...chosen],
      };
      await api.post<FacebookConnectResult>(scopedPath('/facebook', scope), body);
      await qc.invalidateQueries({ queryKey: scope.companyId ? connectionKeys.allCompanies : connectionKeys.all });
      notify(t('common.operationSuccess'));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const toggle = (id: string) =>
    setChosen((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <MetaDialogFrame
      titleId="meta-login-title"
      title={t('connections.metaLogin.title', { channel: channelName })}
      settings={settings}
      ready={ready}
      missing={settings.data?.missing.filter((m) => m !== 'embeddedSignupConfigId') ?? []}
      onClose={onClose}
      onAdvanced={() => setAdvanced(true)}
      actions={
        login && (
          <Button variant="contained" onClick={() => void connect()} disabled={busy || chosen.size === 0}>
            {t('connections.metaLogin.connect', { count: chosen.size })}
          </Button>
        )
      }
    >
      {login ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {t(`connections.metaLogin.choose.${channel}`)}
          </Typography>
          <PageChooser pages={login.pages} channel={channel} chosen={chosen} onToggle={toggle} />
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {t(`connections.metaLogin.intro.${channel}`)}
          </Typography>
          {failed && <Alert severity="error">{t('connections.metaLogin.sdkFailed')}</Alert>}
          {cancelled && <Alert severity="info">{t('connections.metaLogin.cancelled')}</Alert>}
          <Box>
            <Button
              variant="contained"
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <FacebookIcon />}
              onClick={openLogin}
              disabled={!sdk || busy}
              data-testid="meta-login-button"
            >
              {t('connections.metaLogin.continue')}
            </Button>
          </Box>
        </>
      )}
    </MetaDialogFrame>
  );
}
