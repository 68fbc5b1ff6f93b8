import { Box, CircularProgress } from '@mui/material';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { ChunkErrorBoundary } from '../components/ChunkErrorBoundary';
import ForbiddenPage from './ForbiddenPage';
import { PrivateRoute, PublicRoute } from './routes/guards';
import { ScreenGuard } from './routes/ScreenGuard';
import { AppShell } from './shell/AppShell';

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Component = lazy(load);
  return (
    <ChunkErrorBoundary>
      <Suspense
        fallback={
          <Box sx={{ p: 4, textAlign: 'center' }}>
            <CircularProgress size={28} />
          </Box>
        }
      >
        <Component />
      </Suspense>
    </ChunkErrorBoundary>
  );
};

/** A screen of the contract's SCREENS behind its rule, its page loaded lazily (one chunk per page). */
const screen = (path: string, load: () => Promise<{ default: ComponentType }>) => ({
  path,
  element: <ScreenGuard path={path}>{page(load)}</ScreenGuard>,
});

/** Routes of spec 1 §2.1; a feature adds its page here and its rule to the contract's SCREENS. */
export const router = createBrowserRouter([
  { path: '/login', element: <PublicRoute>{page(() => import('../features/auth/LoginPage'))}</PublicRoute> },
  { path: '/signup', element: <PublicRoute>{page(() => import('../features/auth/SignupPage'))}</PublicRoute> },
  { path: '/forgetpsw', element: <PublicRoute>{page(() => import('../features/auth/ForgotPasswordPage'))}</PublicRoute> },
  {
    element: (
      <PrivateRoute>
        <AppShell />
      </PrivateRoute>
    ),
    children: [
      screen('/', () => import('../features/dashboard/DashboardPage')),
      screen('/reports', () => import('../features/dashboard/ReportsPage')),
      screen('/moments', () => import('../features/dashboard/MomentsPage')),
      { path: '/403', element: <ForbiddenPage /> },
      screen('/tickets/:uuid?', () => import('../features/tickets/TicketsPage')),
      screen('/financeiro', () => import('../features/billing/BillingPage')),
      screen('/subscription', () => import('../features/billing/SubscriptionPage')),
      screen('/users', () => import('../features/users/UsersPage')),
      screen('/queues', () => import('../features/queues/QueuesPage')),
      screen('/settings', () => import('../features/settings/SettingsPage')),
      screen('/companies', () => import('../features/companies/CompaniesPage')),
      screen('/connections', () => import('../features/connections/ConnectionsPage')),
      screen('/allConnections', () => import('../features/connections/AllConnectionsPage')),
      screen('/messages-api', () => import('../features/external-api/MessagesApiPage')),
      screen('/contacts', () => import('../features/contacts/ContactsPage')),
      screen('/contacts/import', () => import('../features/contacts/import/ContactImportPage')),
      screen('/tags', () => import('../features/tags/TagsPage')),
      screen('/quick-messages', () => import('../features/quick-messages/QuickMessagesPage')),
      screen('/schedules', () => import('../features/schedules/SchedulesPage')),
      screen('/queue-integration', () => import('../features/integrations/QueueIntegrationsPage')),
      screen('/prompts', () => import('../features/prompts/PromptsPage')),
      screen('/files', () => import('../features/file-lists/FileListsPage')),
      screen('/flowbuilders', () => import('../features/flows/FlowsPage')),
      screen('/flowbuilder/:id', () => import('../features/flows/FlowEditorPage')),
      screen('/phrase-lists', () => import('../features/flow-campaigns/FlowCampaignsPage')),
      screen('/simulator/:connectionId', () => import('../features/simulator/SimulatorPage')),
      screen('/helps', () => import('../features/helps/HelpsPage')),
      screen('/Kanban', () => import('../features/kanban/KanbanPage')),
      screen('/TagsKanban', () => import('../features/kanban/TagsKanbanPage')),
      screen('/todolist', () => import('../features/todolist/TodoListPage')),
      screen('/chats/:uuid?', () => import('../features/chats/ChatsPage')),
      screen('/announcements', () => import('../features/announcements/AnnouncementsPage')),
      screen('/campaigns', () => import('../features/campaigns/CampaignsPage')),
      screen('/campaigns-config', () => import('../features/campaigns/CampaignsConfigPage')),
      screen('/campaign/:campaignId/report', () => import('../features/campaigns/CampaignReportPage')),
      screen('/contact-lists', () => import('../features/contact-lists/ContactListsPage')),
      screen('/contact-lists/:contactListId/contacts', () => import('../features/contact-lists/ContactListItemsPage')),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
