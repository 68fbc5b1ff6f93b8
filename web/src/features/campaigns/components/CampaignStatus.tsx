import type { CampaignView } from '@chatflow/contract';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../lib/format';

/**
 * A campaign's status in its row. A running campaign outside its sending hours says it waits for them
 * and until when, so "Em Andamento" with nothing sent is not read as stuck.
 */
export function CampaignStatus({ campaign }: { campaign: Pick<CampaignView, 'status' | 'waitingUntil'> }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`campaigns.status.${campaign.status}`)}
      {campaign.status === 'EM_ANDAMENTO' && campaign.waitingUntil && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="campaign-waiting">
          {t('campaigns.waitingForHours', { date: formatDate(campaign.waitingUntil), time: formatTime(campaign.waitingUntil) })}
        </Typography>
      )}
    </>
  );
}
