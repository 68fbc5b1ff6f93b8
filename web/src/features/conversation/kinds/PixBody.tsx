import PixIcon from '@mui/icons-material/Pix';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatBRL } from '../../../lib/format';
import type { InteractiveContent, PixContent } from '../parse/special';
import { InteractiveActions } from './InteractiveBody';

/** A PIX charge: thumbnail, first item, reference id and the total in R$ (cents / 100). */
export function PixBody({ pix, actions }: { pix: PixContent; actions: InteractiveContent | null }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="kind-pix" sx={{ minWidth: 200 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {pix.thumbnail ? (
          <Box component="img" src={pix.thumbnail} alt="" sx={{ width: 48, height: 48, borderRadius: 1, objectFit: 'cover' }} />
        ) : (
          <PixIcon color="primary" />
        )}
        <Box>
          {pix.itemName && <Typography variant="subtitle2">{pix.itemName}</Typography>}
          <Typography variant="body2" data-testid="pix-total">
            {formatBRL(pix.total)}
          </Typography>
        </Box>
      </Box>
      {pix.referenceId && (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('conversation.kinds.pixReference', { id: pix.referenceId })}
        </Typography>
      )}
      {actions?.footer && (
        <Typography variant="caption" component="div">
          {actions.footer}
        </Typography>
      )}
      {actions && <InteractiveActions buttons={actions.buttons} />}
    </Box>
  );
}
