import { canSeeConnections, canSeeDashboard, canSeeRealTime, isAdmin } from '@chatflow/contract';
import { Box, CircularProgress } from '@mui/material';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import ForbiddenPage from './ForbiddenPage';
import { useAuth } from './providers/AuthProvider';
import { PlanGate } from './routes/PlanGate';
import { PrivateRoute, PublicRoute, RequireRule, RequireSubscription } from './routes/guards';
import { AppShell } from './shell/AppShell';

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Component = lazy(load);
  return (
    <Suspense
      fallback={
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress size={28} />
        </Box>
      }
    >
      <Component />
    </Suspense>
  );
};

/** Admins, and users with allowConnections (spec 2 §2); others get the no-access view. */
function ConnectionManagers({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <RequireRule allow={!!user && canSeeConnections({ ...user, allHistoric: user.allHistoric ?? 'disabled' })}>{children}</RequireRule>
  );
}

function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <RequireRule allow={!!user && isAdmin(user)}>{children}</RequireRule>;
}

/** Dashboard and reports: admins, and users with showDashboard (spec 1 §2.9); others get the 403 page. */
function DashboardManagers({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <RequireRule allow={!!user && canSeeDashboard({ ...user, allHistoric: user.allHistoric ?? 'disabled' })}>{children}</RequireRule>;
}

/** The attendance panel: admins, and users with allowRealTime (spec 2 §6). */
function RealTimeViewers({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return <RequireRule allow={!!user && canSeeRealTime({ ...user, allHistoric: user.allHistoric ?? 'disabled' })}>{children}</RequireRule>;
}

/** Spec 2 §2: /allConnections is for super users; other admins are sent to /tickets. */
function SuperOrTickets({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user?.super ? children : <Navigate to="/tickets" replace />;
}

/** Routes of spec 1 §2.1; a feature adds its page here with the rule that guards it. */
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
      {
        path: '/',
        element: (
          <RequireSubscription>
            <DashboardManagers>{page(() => import('../features/dashboard/DashboardPage'))}</DashboardManagers>
          </RequireSubscription>
        ),
      },
      {
        path: '/reports',
        element: (
          <RequireSubscription>
            <DashboardManagers>{page(() => import('../features/dashboard/ReportsPage'))}</DashboardManagers>
          </RequireSubscription>
        ),
      },
      {
        path: '/moments',
        element: (
          <RequireSubscription>
            <RealTimeViewers>{page(() => import('../features/dashboard/MomentsPage'))}</RealTimeViewers>
          </RequireSubscription>
        ),
      },
      { path: '/403', element: <ForbiddenPage /> },
      { path: '/tickets/:uuid?', element: page(() => import('../features/tickets/TicketsPage')) },
      { path: '/financeiro', element: <AdminOnly>{page(() => import('../features/billing/BillingPage'))}</AdminOnly> },
      { path: '/subscription', element: <AdminOnly>{page(() => import('../features/billing/SubscriptionPage'))}</AdminOnly> },
      {
        path: '/users',
        element: (
          <RequireSubscription>
            <AdminOnly>{page(() => import('../features/users/UsersPage'))}</AdminOnly>
          </RequireSubscription>
        ),
      },
      {
        path: '/queues',
        element: (
          <RequireSubscription>
            <AdminOnly>{page(() => import('../features/queues/QueuesPage'))}</AdminOnly>
          </RequireSubscription>
        ),
      },
      {
        path: '/settings',
        element: (
          <RequireSubscription>
            <AdminOnly>{page(() => import('../features/settings/SettingsPage'))}</AdminOnly>
          </RequireSubscription>
        ),
      },
      {
        path: '/companies',
        element: (
          <RequireSubscription>
            <PlanGate superOnly>{page(() => import('../features/companies/CompaniesPage'))}</PlanGate>
          </RequireSubscription>
        ),
      },
      {
        path: '/connections',
        element: (
          <RequireSubscription>
            <ConnectionManagers>{page(() => import('../features/connections/ConnectionsPage'))}</ConnectionManagers>
          </RequireSubscription>
        ),
      },
      {
        path: '/allConnections',
        element: (
          <RequireSubscription>
            <AdminOnly>
              <SuperOrTickets>{page(() => import('../features/connections/AllConnectionsPage'))}</SuperOrTickets>
            </AdminOnly>
          </RequireSubscription>
        ),
      },
      {
        path: '/messages-api',
        element: (
          <RequireSubscription>
            <AdminOnly>
              <PlanGate feature="useExternalApi">{page(() => import('../features/external-api/MessagesApiPage'))}</PlanGate>
            </AdminOnly>
          </RequireSubscription>
        ),
      },
      { path: '/contacts', element: page(() => import('../features/contacts/ContactsPage')) },
      { path: '/contacts/import', element: page(() => import('../features/contacts/import/ContactImportPage')) },
      { path: '/tags', element: page(() => import('../features/tags/TagsPage')) },
      { path: '/quick-messages', element: page(() => import('../features/quick-messages/QuickMessagesPage')) },
      {
        path: '/schedules',
        element: (
          <RequireSubscription>
            <PlanGate feature="useSchedules">{page(() => import('../features/schedules/SchedulesPage'))}</PlanGate>
          </RequireSubscription>
        ),
      },
      {
        path: '/queue-integration',
        element: (
          <RequireSubscription>
            <PlanGate feature="useIntegrations">
              <AdminOnly>{page(() => import('../features/integrations/QueueIntegrationsPage'))}</AdminOnly>
            </PlanGate>
          </RequireSubscription>
        ),
      },
      {
        path: '/prompts',
        element: (
          <RequireSubscription>
            <PlanGate feature="useOpenAi">
              <AdminOnly>{page(() => import('../features/prompts/PromptsPage'))}</AdminOnly>
            </PlanGate>
          </RequireSubscription>
        ),
      },
      {
        path: '/files',
        element: (
          <RequireSubscription>
            <AdminOnly>{page(() => import('../features/file-lists/FileListsPage'))}</AdminOnly>
          </RequireSubscription>
        ),
      },
      {
        path: '/flowbuilders',
        element: <RequireSubscription>{page(() => import('../features/flows/FlowsPage'))}</RequireSubscription>,
      },
      {
        path: '/flowbuilder/:id',
        element: <RequireSubscription>{page(() => import('../features/flows/FlowEditorPage'))}</RequireSubscription>,
      },
      {
        path: '/phrase-lists',
        element: <RequireSubscription>{page(() => import('../features/flow-campaigns/FlowCampaignsPage'))}</RequireSubscription>,
      },
      { path: '/simulator/:connectionId', element: <AdminOnly>{page(() => import('../features/simulator/SimulatorPage'))}</AdminOnly> },
      { path: '/helps', element: <RequireSubscription>{page(() => import('../features/helps/HelpsPage'))}</RequireSubscription> },
      {
        path: '/Kanban',
        element: (
          <RequireSubscription>
            <PlanGate feature="useKanban">{page(() => import('../features/kanban/KanbanPage'))}</PlanGate>
          </RequireSubscription>
        ),
      },
      {
        path: '/TagsKanban',
        element: (
          <RequireSubscription>
            <AdminOnly>
              <PlanGate feature="useKanban">{page(() => import('../features/kanban/TagsKanbanPage'))}</PlanGate>
            </AdminOnly>
          </RequireSubscription>
        ),
      },
      { path: '/todolist', element: page(() => import('../features/todolist/TodoListPage')) },
      {
        path: '/chats/:uuid?',
        element: (
          <RequireSubscription>
            <PlanGate feature="useInternalChat">{page(() => import('../features/chats/ChatsPage'))}</PlanGate>
          </RequireSubscription>
        ),
      },
      {
        path: '/announcements',
        element: (
          <RequireSubscription>
            <PlanGate superOnly>{page(() => import('../features/announcements/AnnouncementsPage'))}</PlanGate>
          </RequireSubscription>
        ),
      },
      {
        path: '/campaigns',
        element: (
          <RequireSubscription>
            <PlanGate feature="useCampaigns">
              <AdminOnly>{page(() => import('../features/campaigns/CampaignsPage'))}</AdminOnly>
            </PlanGate>
          </RequireSubscription>
        ),
      },
      {
        path: '/campaigns-config',
        element: (
          <RequireSubscription>
            <PlanGate feature="useCampaigns">
              <AdminOnly>{page(() => import('../features/campaigns/CampaignsConfigPage'))}</AdminOnly>
            </PlanGate>
          </RequireSubscription>
        ),
      },
      {
        path: '/campaign/:campaignId/report',
        element: (
          <RequireSubscription>
            <PlanGate feature="useCampaigns">
              <AdminOnly>{page(() => import('../features/campaigns/CampaignReportPage'))}</AdminOnly>
            </PlanGate>
          </RequireSubscription>
        ),
      },
      {
        path: '/contact-lists',
        element: (
          <RequireSubscription>
            <PlanGate feature="useCampaigns">{page(() => import('../features/contact-lists/ContactListsPage'))}</PlanGate>
          </RequireSubscription>
        ),
      },
      {
        path: '/contact-lists/:contactListId/contacts',
        element: (
          <RequireSubscription>
            <PlanGate feature="useCampaigns">
              <AdminOnly>{page(() => import('../features/contact-lists/ContactListItemsPage'))}</AdminOnly>
            </PlanGate>
          </RequireSubscription>
        ),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
