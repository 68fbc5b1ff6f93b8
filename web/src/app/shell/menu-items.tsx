import type { MenuKey } from '@chatflow/contract';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AllInclusiveIcon from '@mui/icons-material/AllInclusive';
import AnnouncementIcon from '@mui/icons-material/Announcement';
import ApiIcon from '@mui/icons-material/Api';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import BusinessIcon from '@mui/icons-material/Business';
import CampaignIcon from '@mui/icons-material/Campaign';
import ChecklistIcon from '@mui/icons-material/Checklist';
import ChatIcon from '@mui/icons-material/Chat';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeviceHubIcon from '@mui/icons-material/DeviceHub';
import EventIcon from '@mui/icons-material/Event';
import FlashOnIcon from '@mui/icons-material/FlashOn';
import FolderIcon from '@mui/icons-material/Folder';
import ForumIcon from '@mui/icons-material/Forum';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import PeopleIcon from '@mui/icons-material/People';
import PsychologyIcon from '@mui/icons-material/Psychology';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import SettingsIcon from '@mui/icons-material/Settings';
import SettingsSuggestIcon from '@mui/icons-material/SettingsSuggest';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import TableChartIcon from '@mui/icons-material/TableChart';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import type { ReactElement } from 'react';

export const MENU_ICONS: Record<MenuKey, ReactElement> = {
  dashboard: <DashboardIcon />,
  reports: <QueryStatsIcon />,
  moments: <TableChartIcon />,
  tickets: <WhatsAppIcon />,
  quickMessages: <FlashOnIcon />,
  contacts: <ContactPhoneIcon />,
  tags: <LocalOfferIcon />,
  todolist: <ChecklistIcon />,
  kanban: <ViewKanbanIcon />,
  schedules: <EventIcon />,
  chats: <ForumIcon />,
  campaigns: <CampaignIcon />,
  contactLists: <ListAltIcon />,
  campaignsConfig: <SettingsSuggestIcon />,
  messagesApi: <ApiIcon />,
  prompts: <PsychologyIcon />,
  queueIntegration: <DeviceHubIcon />,
  helps: <HelpOutlineIcon />,
  phraseLists: <AccountTreeIcon />,
  flowbuilders: <AccountTreeIcon />,
  announcements: <AnnouncementIcon />,
  allConnections: <AllInclusiveIcon />,
  companies: <BusinessIcon />,
  connections: <SyncAltIcon />,
  users: <PeopleIcon />,
  queues: <ChatIcon />,
  files: <FolderIcon />,
  financeiro: <AttachMoneyIcon />,
  settings: <SettingsIcon />,
};

/**
 * Menu entries whose screens exist in this build. Each entry is shown to exactly those its screen's rule
 * lets in (SCREENS and isMenuEntryVisible in the contract); entries not listed here stay hidden until built.
 */
export const BUILT_MENU_KEYS: ReadonlySet<MenuKey> = new Set<MenuKey>([
  'dashboard',
  'reports',
  'moments',
  'todolist',
  'users',
  'queues',
  'companies',
  'settings',
  'helps',
  'financeiro',
  'tickets',
  'contacts',
  'tags',
  'quickMessages',
  'files',
  'connections',
  'allConnections',
  'messagesApi',
  'kanban',
  'chats',
  'announcements',
  'schedules',
  'campaigns',
  'contactLists',
  'campaignsConfig',
  'flowbuilders',
  'phraseLists',
  'prompts',
  'queueIntegration',
]);
