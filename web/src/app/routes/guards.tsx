import { Box, CircularProgress } from '@mui/material';
import { type ReactNode, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../providers/AuthProvider';
import { AppSkeleton } from './AppSkeleton';

function Loading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
      <CircularProgress />
    </Box>
  );
}

/** Unauthenticated visitors to a private route go to /login (spec 1 §2.1). */
export function PrivateRoute({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <AppSkeleton />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/**
 * Authenticated visitors to a public route go to /. A visitor who signs in on the page is sent on by
 * the form itself (login goes to /tickets): redirecting here too would race that navigation.
 */
export function PublicRoute({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const signedInOnArrival = useRef<boolean | null>(null);
  if (!loading && signedInOnArrival.current === null) signedInOnArrival.current = !!user;
  if (loading) return <Loading />;
  if (user && signedInOnArrival.current) return <Navigate to="/" replace />;
  return <>{children}</>;
}
