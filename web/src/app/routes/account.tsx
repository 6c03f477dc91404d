import { Mail } from 'lucide-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { Card } from '@/components/ui/card';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { YourDataSection } from '@/features/account/components/your-data';
import { AlertSettingsCard } from '@/features/alerts/components/alert-settings';
import { DeleteAccountSection } from '@/features/auth/components/delete-account';
import { SubscriptionCard } from '@/features/billing/components/subscription-card';
import { UpgradeCard } from '@/features/billing/components/upgrade-card';
import { ProtectionsSection } from '@/features/responsible-gambling/components/protections-section';
import { RequireUser } from '@/lib/authorization';

/**
 * docs/product.md#account: email, the subscription (what you pay) or the upgrade card,
 * responsible gambling (a break, self-exclusion), password, your data, danger zone. Visitors go
 * to /login.
 */
export default function AccountRoute() {
  return (
    <RequireUser>
      {(user) => (
        <ContentLayout width="prose" title="Account Settings" description="Manage your email, subscription and password.">
          <div className="space-y-6">
            <Card>
              <h2 className="text-lg font-semibold">Profile</h2>
              <dl className="mt-4 text-sm">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <dt className="flex items-center gap-1.5 text-muted-foreground">
                    <Mail aria-hidden="true" className="size-4" />
                    Email
                  </dt>
                  <dd className="font-medium break-all">{user.email}</dd>
                </div>
              </dl>
            </Card>
            {user.subscriptionStatus === 'premium' ? <SubscriptionCard user={user} /> : <UpgradeCard user={user} />}
            {user.subscriptionStatus === 'premium' && !user.breakUntil ? <AlertSettingsCard /> : null}
            <ProtectionsSection user={user} />
            <ChangePasswordForm />
            <YourDataSection />
            <DeleteAccountSection />
          </div>
        </ContentLayout>
      )}
    </RequireUser>
  );
}
