import { Box, Paper, Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useAuth } from '../../app/providers/AuthProvider';
import { ConversationPane } from './components/ConversationPane';
import { TicketsManager } from './components/TicketsManager';
import { useResizableWidth } from './hooks/use-resizable-width';

/** The page fills the space under the top bar (48 px) inside the shell's padding. */
const PAGE_HEIGHT = { xs: 'calc(100dvh - 48px - 16px)', sm: 'calc(100dvh - 48px - 32px)' };

/**
 * /tickets and /tickets/:uuid (spec 1 §2.1, §2.5). Wide: the list on the left (resizable) and the
 * conversation, or the logo, on the right. Narrow: two tabs, "Ticket" and "Atendimentos".
 * A literal "undefined" uuid shows nothing and goes back to /tickets.
 */
export default function TicketsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { uuid } = useParams();
  const navigate = useNavigate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { width, startDrag } = useResizableWidth();
  const selected = uuid && uuid !== 'undefined' ? uuid : null;
  const [narrowTab, setNarrowTab] = useState<'ticket' | 'list'>(selected ? 'ticket' : 'list');

  useEffect(() => {
    if (selected) setNarrowTab('ticket');
  }, [selected]);

  const openTicket = useCallback(
    (next: string) => {
      navigate(`/tickets/${next}`);
      setNarrowTab('ticket');
    },
    [navigate],
  );

  if (uuid === 'undefined') return <Navigate to="/tickets" replace />;
  if (!user) return null;

  // One tree for both layouts, each part at the same place in it: crossing the breakpoint (a tablet turned, a
  // window resized) restyles the list and the conversation instead of mounting them again, so the search, the tab
  // in view and a reply being typed survive it.
  return (
    <Box
      sx={{ height: PAGE_HEIGHT, display: 'flex', flexDirection: wide ? 'row' : 'column', minHeight: 0 }}
      data-testid="tickets-page"
      data-layout={wide ? 'wide' : 'narrow'}
    >
      {!wide && (
        <Paper variant="outlined" sx={{ mb: 1 }}>
          <Tabs
            value={narrowTab}
            onChange={(_e, v) => setNarrowTab(v)}
            variant="fullWidth"
            sx={{ '& .MuiTab-root': { textTransform: 'none' } }}
          >
            <Tab value="ticket" label={t('tickets.responsive.ticket')} data-testid="narrow-tab-ticket" />
            <Tab value="list" label={t('tickets.responsive.list')} data-testid="narrow-tab-list" />
          </Tabs>
        </Paper>
      )}
      <Box
        sx={wide ? { width, flexShrink: 0, minHeight: 0 } : { flexGrow: 1, minHeight: 0, display: narrowTab === 'list' ? 'block' : 'none' }}
      >
        <TicketsManager user={user} selectedUuid={selected} onOpenTicket={openTicket} />
      </Box>
      {wide && (
        <Box
          role="separator"
          aria-orientation="vertical"
          onPointerDown={startDrag}
          data-testid="tickets-resizer"
          sx={{
            width: 8,
            flexShrink: 0,
            cursor: 'col-resize',
            display: 'flex',
            justifyContent: 'center',
            '&::after': { content: '""', width: 2, borderRadius: 1, bgcolor: 'divider' },
            '&:hover::after': { bgcolor: 'primary.main' },
          }}
        />
      )}
      {(wide || narrowTab === 'ticket') && (
        <Box sx={{ flexGrow: 1, minWidth: 0, minHeight: 0 }}>
          <ConversationPane uuid={selected} onSelectTicket={wide ? undefined : () => setNarrowTab('list')} />
        </Box>
      )}
    </Box>
  );
}
