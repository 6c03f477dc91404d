import { ContentLayout } from '@/components/layouts/content-layout';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useRoleChanges } from '@/features/audit/api/role-changes';
import { RequireUser } from '@/lib/authorization';

function RoleChanges() {
  const changes = useRoleChanges();
  return (
    <ContentLayout title="Audit" description="Who granted or revoked the admin role, to whom, when and from where (npm run admin), newest first.">
      {changes.isPending ? (
        <Spinner label="Loading role changes" />
      ) : changes.isError ? (
        <p role="alert">Could not load the role changes. Please try again.</p>
      ) : changes.data.changes.length === 0 ? (
        <p>No role changes yet.</p>
      ) : (
        <Card className="overflow-x-auto p-0 sm:p-0">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Role changes</caption>
            <thead className="border-b border-border bg-muted/50">
              <tr>
                {['When (UTC)', 'Change', 'Account', 'By', 'From'].map((label) => (
                  <th key={label} scope="col" className="px-4 py-3 font-semibold">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {changes.data.changes.map((c) => (
                <tr key={c.id} className="border-b border-border last:border-0">
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={c.at}>{c.at.slice(0, 16).replace('T', ' ')}</time>
                  </td>
                  <td className="px-4 py-3">{c.type === 'role_granted' ? 'Admin granted' : 'Admin revoked'}</td>
                  <td className="px-4 py-3 break-all">{c.email}</td>
                  <td className="px-4 py-3">{c.actor}</td>
                  <td className="px-4 py-3 break-all">{c.origin}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </ContentLayout>
  );
}

/** The role changes of this stage (docs/decisions/0155-role-changes-audited-on-the-stage.md). Admins only. */
export default function AdminAuditRoute() {
  return <RequireUser role="admin">{() => <RoleChanges />}</RequireUser>;
}
