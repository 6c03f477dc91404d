import { ContentLayout } from '@/components/layouts/content-layout';

// Placeholder: account settings (and the redirect of visitors to /login) come with the auth work.
export default function AccountRoute() {
  return (
    <ContentLayout width="prose" title="Account Settings" description="Manage your email, subscription and password.">
      <p className="text-muted-foreground">Your account details will appear here.</p>
    </ContentLayout>
  );
}
