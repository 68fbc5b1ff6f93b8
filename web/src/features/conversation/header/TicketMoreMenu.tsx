import type { TicketView } from '@chatflow/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import HistoryIcon from '@mui/icons-material/History';
import HubIcon from '@mui/icons-material/Hub';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Switch } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type MoreAction = 'transfer' | 'toggleBot' | 'toggleIntegration' | 'pdf' | 'log' | 'delete';

interface Props {
  ticket: TicketView;
  canTransfer: boolean;
  canDelete: boolean;
  onAction(action: MoreAction): void;
}

/** The header's overflow menu: transfer, bot and integration switches, PDF, log, delete. */
export function TicketMoreMenu({ ticket, canTransfer, canDelete, onAction }: Props) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const item = (action: MoreAction, icon: ReactNode, end?: ReactNode) => (
    <MenuItem
      key={action}
      data-testid={`more-${action}`}
      onClick={() => {
        setAnchor(null);
        onAction(action);
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{t(`conversation.header.${action}`)}</ListItemText>
      {end}
    </MenuItem>
  );
  const active = ticket.status === 'open' || ticket.status === 'group';
  return (
    <>
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('conversation.header.more')} data-testid="ticket-more">
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {canTransfer && item('transfer', <SwapHorizIcon />)}
        {active &&
          item('toggleBot', <SmartToyIcon />, <Switch size="small" edge="end" checked={!ticket.contact.disableBot} tabIndex={-1} />)}
        {active && item('toggleIntegration', <HubIcon />, <Switch size="small" edge="end" checked={ticket.useIntegration} tabIndex={-1} />)}
        {item('pdf', <PictureAsPdfIcon />)}
        {item('log', <HistoryIcon />)}
        {canDelete && item('delete', <DeleteIcon color="error" />)}
      </Menu>
    </>
  );
}
