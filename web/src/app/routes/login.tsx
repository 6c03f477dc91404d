import { Link, useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';

// Placeholder: the login / sign-up form is built by the auth work. It already honours the
// `mode`, `intent` and `redirect` query parameters in its links.
export default function LoginRoute() {
  const [params] = useSearchParams();
  const signup = params.get('mode') === 'signup';
  const intent = params.get('intent') === 'subscribe' ? 'subscribe' : undefined;
  const redirect = params.get('redirect') ?? undefined;

  return (
    <ContentLayout
      width="prose"
      title={signup ? 'Create your account' : 'Welcome back'}
      documentTitle={signup ? 'Sign up' : 'Log in'}
      description={intent === 'subscribe' ? 'Create an account, then continue to Premium checkout.' : undefined}
    >
      <p className="text-muted-foreground">
        {signup ? 'Already have an account? ' : "Don't have an account? "}
        <Link
          className="font-semibold text-primary underline underline-offset-4"
          to={paths.auth.login.getHref({ mode: signup ? 'login' : 'signup', intent, redirect })}
        >
          {signup ? 'Log in' : 'Sign up'}
        </Link>
      </p>
    </ContentLayout>
  );
}
