import TranslateIcon from '@mui/icons-material/Translate';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, setLanguage } from '../../i18n';

export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('mainDrawer.appBar.language')}>
        <IconButton
          color={color}
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('mainDrawer.appBar.language')}
          data-testid="language-button"
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {SUPPORTED_LANGUAGES.map((l) => (
          <MenuItem
            key={l.code}
            selected={i18n.language === l.code}
            data-lang={l.code}
            onClick={() => {
              setLanguage(l.code);
              setAnchor(null);
            }}
          >
            {l.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
