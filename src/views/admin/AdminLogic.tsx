import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { adminLogic, type AdminLogic } from '../../effects/admin/admin';
import { useApp } from '../AppContext';

const AdminLogicContext = createContext<AdminLogic | null>(null);

/** The admin pages' machines with their effects; tests provide fakes here. */
export function AdminLogicProvider({ logic, children }: { logic: AdminLogic; children: ReactNode }) {
  return <AdminLogicContext.Provider value={logic}>{children}</AdminLogicContext.Provider>;
}

/** The admin machines with their real effects (or the provided ones). */
export function useAdminLogic(): AdminLogic {
  const provided = useContext(AdminLogicContext);
  const app = useApp();
  return useMemo(() => provided ?? adminLogic(app), [provided, app]);
}
