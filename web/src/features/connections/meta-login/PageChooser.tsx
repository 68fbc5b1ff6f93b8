import type { FacebookPageView } from '@chatflow/contract';
import InstagramIcon from '@mui/icons-material/Instagram';
import { Checkbox, Chip, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The pages the person manages, to choose which become connections. For Instagram only pages with a
 * linked Instagram business account can be chosen (the account is what the connection serves).
 * A page already connected may be chosen again: that refreshes its tokens.
 */
export function PageChooser({
  pages,
  channel,
  chosen,
  onToggle,
}: {
  pages: FacebookPageView[];
  channel: 'facebook' | 'instagram';
  chosen: Set<string>;
  onToggle(id: string): void;
}) {
  const { t } = useTranslation();
  if (pages.length === 0)
    return (
      <Typography color="text.secondary" data-testid="meta-no-pages">
        {t('connections.metaLogin.noPages')}
      </Typography>
    );
  return (
    <List dense aria-label={t('connections.metaLogin.pagesLabel')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {pages.map((page) => {
        const unusable = channel === 'instagram' && !page.instagram;
        const labelId = `meta-page-${page.id}`;
        const already = page.connected.includes(channel);
        return (
          <ListItem key={page.id} disablePadding>
            <ListItemButton onClick={() => onToggle(page.id)} disabled={unusable} dense>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Checkbox
                  edge="start"
                  checked={chosen.has(page.id)}
                  tabIndex={-1}
                  disableRipple
                  slotProps={{ input: { 'aria-labelledby': labelId } }}
                />
              </ListItemIcon>
              <ListItemText
                id={labelId}
                primary={page.name}
                secondary={
                  <Stack component="span" direction="row" spacing={0.75} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    {page.instagram ? (
                      <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                        <InstagramIcon sx={{ fontSize: 16 }} />
                        <span>{page.instagram.username}</span>
                      </Stack>
                    ) : (
                      <span>{t('connections.metaLogin.noInstagram')}</span>
                    )}
                    {already && (
                      <Chip component="span" size="small" variant="outlined" color="success" label={t('connections.metaLogin.connected')} />
                    )}
                  </Stack>
                }
                slotProps={{ secondary: { component: 'span' } }}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
