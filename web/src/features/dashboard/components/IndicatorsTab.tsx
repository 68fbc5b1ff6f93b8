import type { DashboardCounters } from '@chatflow/contract';
import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import GroupsIcon from '@mui/icons-material/Groups';
import HeadsetMicIcon from '@mui/icons-material/HeadsetMic';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ScheduleIcon from '@mui/icons-material/Schedule';
import TimerIcon from '@mui/icons-material/Timer';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { hoursMinutes } from '../format';
import { FigureCard, figureGrid } from './FigureCard';

/** The Indicadores tab: ticket counts by state, leads, active/passive, average times. */
export function IndicatorsTab({ counters }: { counters: DashboardCounters }) {
  const { t } = useTranslation();
  const cards = [
    ['supportHappening', counters.supportHappening, <HeadsetMicIcon key="i" />, '#0b708c'],
    ['supportPending', counters.supportPending, <HourglassBottomIcon key="i" />, '#c77700'],
    ['supportFinished', counters.supportFinished, <CheckCircleIcon key="i" />, '#2e7d32'],
    ['supportGroups', counters.supportGroups, <GroupsIcon key="i" />, '#6a1b9a'],
    ['leads', counters.leads, <PersonAddIcon key="i" />, '#1565c0'],
    ['tickets', counters.tickets, <ConfirmationNumberIcon key="i" />, '#455a64'],
    ['activeTickets', counters.activeTickets, <CallMadeIcon key="i" />, '#00838f'],
    ['passiveTickets', counters.passiveTickets, <CallReceivedIcon key="i" />, '#5d4037'],
    ['avgSupportTime', hoursMinutes(counters.avgSupportTime), <TimerIcon key="i" />, '#ad1457'],
    ['avgWaitTime', hoursMinutes(counters.avgWaitTime), <ScheduleIcon key="i" />, '#e65100'],
  ] as const;
  return (
    <Box sx={figureGrid}>
      {cards.map(([key, value, icon, color]) => (
        <FigureCard key={key} label={t(`dashboard.counters.${key}`)} value={value} icon={icon} color={color} testId={`counter-${key}`} />
      ))}
    </Box>
  );
}
