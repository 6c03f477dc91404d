import { Link } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { HIGH_CONFIDENCE_THRESHOLD } from '@/config/product';

export default function AboutRoute() {
  return (
    <ContentLayout width="prose" title="About Us" documentTitle="About" description="Data-driven football predictions with a track record you can check.">
      <div className="space-y-10 leading-relaxed">
        <section aria-labelledby="mission-heading">
          <h2 id="mission-heading" className="text-xl font-semibold">
            Our mission
          </h2>
          <p className="mt-3 text-muted-foreground">
            Football is unpredictable, and that is why we love it. We build probabilistic forecasts for upcoming matches so that fans and analysts can reason
            about the chances of each result instead of relying on gut feeling.
          </p>
        </section>
        <section aria-labelledby="what-heading">
          <h2 id="what-heading" className="text-xl font-semibold">
            What we do
          </h2>
          <p className="mt-3 text-muted-foreground">
            Every day we combine three models (statistical learning, a football-optimised AI and a dynamic team rating) into home, draw and away win
            probabilities and an Over/Under 2.5 goals probability for each fixture. You can read the details on{' '}
            <Link to={paths.howItWorks.getHref()} className="font-medium text-primary underline underline-offset-4">
              How It Works
            </Link>
            .
          </p>
        </section>
        <section aria-labelledby="honesty-heading">
          <h2 id="honesty-heading" className="text-xl font-semibold">
            Transparency first
          </h2>
          <p className="mt-3 text-muted-foreground">
            Predictions are frozen at kickoff and our performance figures are computed from real completed matches: the predictions at{' '}
            {HIGH_CONFIDENCE_THRESHOLD}% confidence or more from the last 30 days. We show our losses as well as our wins.
          </p>
        </section>
        <section aria-labelledby="responsible-heading">
          <h2 id="responsible-heading" className="text-xl font-semibold">
            Play responsibly
          </h2>
          <p className="mt-3 text-muted-foreground">
            Our predictions are information, not betting advice, and no model makes any result certain. If you bet, only stake what you can afford to lose. You
            must be 18 or over to use this service. Breaks, self-exclusion and where to find help:{' '}
            <Link to={paths.responsibleGambling.getHref()} className="font-medium text-primary underline underline-offset-4">
              responsible gambling
            </Link>
            .
          </p>
        </section>
        <p className="text-muted-foreground">
          Questions?{' '}
          <Link to={paths.contact.getHref()} className="font-medium text-primary underline underline-offset-4">
            Contact us
          </Link>
          .
        </p>
      </div>
    </ContentLayout>
  );
}
