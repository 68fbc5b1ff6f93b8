import type { ContactView } from '@chatflow/contract';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import SearchIcon from '@mui/icons-material/Search';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import {
  Box,
  CircularProgress,
  Dialog,
  DialogTitle,
  InputAdornment,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  TextField,
  Typography,
} from '@mui/material';
import { type KeyboardEvent, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MENU_ICONS } from '../../app/shell/menu-items';
import { useVisibleMenu } from '../../app/shell/use-visible-menu';
import { visuallyHidden } from '../../lib/a11y';
import { loadContactModal } from '../contacts';
import { type CommandGroup, type CommandItem, commandItems, step } from './command-items';
import { useCommandSearch } from './hooks/use-command-search';

const ContactModal = lazy(loadContactModal);

const GROUPS: CommandGroup[] = ['screens', 'tickets', 'contacts'];
const optionId = (item: CommandItem) => `command-${item.id}`;

function iconOf(item: CommandItem) {
  if (item.group === 'screens') return MENU_ICONS[item.entry.key];
  return item.group === 'tickets' ? <WhatsAppIcon /> : <ContactPhoneIcon />;
}

/**
 * The command bar (Ctrl/Cmd+K): one field that finds a screen of the menu (the same entries the
 * drawer shows this user), a ticket (by number, or contact name or number) or a contact. Arrow keys
 * walk the rows, Enter goes, Esc closes. A contact opens its form, the way the contacts list does.
 */
export function CommandBar({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menu = useVisibleMenu();
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const [contact, setContact] = useState<ContactView | null>(null);
  const search = useCommandSearch(typed);

  const screens = useMemo(() => menu.map((entry) => ({ entry, label: t(`mainDrawer.listItems.${entry.key}`) })), [menu, t]);
  const items = useMemo(
    () => commandItems(typed, screens, search.tickets, search.contacts),
    [typed, screens, search.tickets, search.contacts],
  );

  // Other rows: the first one is highlighted again, as in any search box.
  const rowIds = items.map((i) => i.id).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows' ids are what the reset follows
  useEffect(() => setActive(0), [rowIds]);
  useEffect(() => {
    if (!open) setTyped('');
  }, [open]);

  const choose = (item: CommandItem | undefined) => {
    if (!item) return;
    onClose();
    if (item.group === 'screens') navigate(item.path);
    else if (item.group === 'tickets') navigate(`/tickets/${item.ticket.uuid}`);
    else setContact(item.contact);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = step(active, items.length, e.key === 'ArrowDown' ? 1 : -1);
      setActive(next);
      const row = items[next];
      if (row) document.getElementById(optionId(row))?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(items[active]);
    }
  };

  const current = items[active];
  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        fullWidth
        maxWidth="sm"
        slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: { xs: 2, sm: 10 } } } }}
        data-testid="command-bar"
      >
        {/* Names the dialog (its aria-labelledby points at the dialog's title). */}
        <DialogTitle sx={visuallyHidden}>{t('commandBar.title')}</DialogTitle>
        <TextField
          autoFocus
          fullWidth
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('commandBar.placeholder')}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-expanded': true,
              'aria-controls': 'command-bar-results',
              'aria-activedescendant': current ? optionId(current) : undefined,
              'aria-label': t('commandBar.title'),
              'data-testid': 'command-bar-input',
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
              endAdornment: search.loading ? <CircularProgress size={18} /> : undefined,
            },
          }}
          sx={{ '& fieldset': { border: 'none' }, borderBottom: 1, borderColor: 'divider' }}
        />
        <Box sx={{ maxHeight: 420, overflowY: 'auto' }}>
          {items.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary" data-testid="command-bar-empty">
              {search.loading || !search.settled ? t('commandBar.searching') : t('commandBar.empty')}
            </Typography>
          ) : (
            // A listbox of option groups (ARIA: listbox > group > option), not list markup: ul/li may not hold options.
            <List dense component="div" id="command-bar-results" role="listbox" aria-label={t('commandBar.title')}>
              {GROUPS.map((group) => {
                const rows = items.filter((i) => i.group === group);
                if (rows.length === 0) return null;
                return (
                  <Box key={group} role="group" aria-labelledby={`command-group-${group}`}>
                    <ListSubheader component="div" id={`command-group-${group}`} sx={{ lineHeight: '32px' }}>
                      {t(`commandBar.groups.${group}`)}
                    </ListSubheader>
                    {rows.map((item) => (
                      <ListItemButton
                        key={item.id}
                        id={optionId(item)}
                        role="option"
                        aria-selected={item === current}
                        selected={item === current}
                        onMouseMove={() => setActive(items.indexOf(item))}
                        onClick={() => choose(item)}
                        data-testid={optionId(item)}
                      >
                        <ListItemIcon sx={{ minWidth: 36 }}>{iconOf(item)}</ListItemIcon>
                        <ListItemText primary={item.label} secondary={item.group === 'screens' ? undefined : item.secondary} />
                      </ListItemButton>
                    ))}
                  </Box>
                );
              })}
            </List>
          )}
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
          {t('commandBar.hint')}
        </Typography>
      </Dialog>
      {contact && (
        <Suspense fallback={null}>
          <ContactModal open contact={contact} onClose={() => setContact(null)} />
        </Suspense>
      )}
    </>
  );
}
