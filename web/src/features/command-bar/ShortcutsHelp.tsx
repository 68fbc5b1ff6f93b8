import { Box, Dialog, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { keyCaps, SHORTCUTS } from '../../lib/shortcuts';
import { SHORTCUT_SECTIONS } from './shortcuts';

/** The help overlay (`?`): every shortcut, grouped, with its keys. */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="shortcuts-help">
      <DialogTitle>{t('commandBar.help.title')}</DialogTitle>
      <DialogContent>
        {SHORTCUT_SECTIONS.map((section) => (
          <Box key={section.title} sx={{ mb: 2 }}>
            <Typography variant="subtitle2" color="text.secondary">
              {t(`commandBar.help.sections.${section.title}`)}
            </Typography>
            <Table size="small">
              <TableBody>
                {section.names.map((name) => (
                  <TableRow key={name} data-shortcut={name}>
                    <TableCell sx={{ pl: 0 }}>{t(`commandBar.help.actions.${name}`)}</TableCell>
                    <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap' }}>
                      {keyCaps(SHORTCUTS[name]).map((cap) => (
                        <Box
                          key={cap}
                          component="kbd"
                          sx={{ ml: 0.5, px: 0.75, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 1, fontFamily: 'monospace' }}
                        >
                          {cap}
                        </Box>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ))}
        <Typography variant="caption" color="text.secondary">
          {t('commandBar.help.note')}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
