import { createContext, useContext } from 'react';

/**
 * The company the connection screens act on. Unset on /connections (the signed-in company); the super
 * user's /allConnections modal sets the company it shows (spec 2 §2), so adding goes to
 * POST /whatsapp?companyId= and a saved or deleted connection refreshes that list, not the super's own.
 */
export interface ConnectionScope {
  companyId?: number;
}

export const ConnectionScopeContext = createContext<ConnectionScope>({});

export const useConnectionScope = () => useContext(ConnectionScopeContext);

/** `?companyId=` for a path that adds a connection, when acting on another company. */
export const scopedPath = (path: string, scope: ConnectionScope) => (scope.companyId ? `${path}?companyId=${scope.companyId}` : path);
