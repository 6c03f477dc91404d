import { RoleChangesResponseSchema } from '@app/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /api/admin/role-changes`: the admin role's grants and revocations on this stage, newest first (admin only). */
export const getRoleChangesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin', 'role-changes'],
    queryFn: ({ signal }) => api.get('/api/admin/role-changes', { signal, schema: RoleChangesResponseSchema }),
  });

export const useRoleChanges = () => useQuery(getRoleChangesQueryOptions());
