import { leagueCountry } from '@app/contracts/display-names';
import { Trophy } from 'lucide-react';
import { Link } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { usePredictions } from '@/features/predictions/api/get-predictions';
import { useResults } from '@/features/results/api/get-results';

type LeagueEntry = { id: string; name: string; upcoming: number };

/**
 * Every league we publish, by country: those with matches in the coming week (from the public
 * predictions) and those with settled results (from the public record), each linking to its page.
 */
function leaguesByCountry(upcoming: readonly { leagueId: string; league: string }[], settled: readonly { id: string; name: string }[]) {
  const leagues = new Map<string, LeagueEntry>();
  for (const p of upcoming) {
    const entry = leagues.get(p.leagueId) ?? { id: p.leagueId, name: p.league, upcoming: 0 };
    entry.upcoming += 1;
    leagues.set(p.leagueId, entry);
  }
  for (const l of settled) if (!leagues.has(l.id)) leagues.set(l.id, { id: l.id, name: l.name, upcoming: 0 });
  const countries = new Map<string, LeagueEntry[]>();
  for (const league of leagues.values()) {
    const country = leagueCountry(league.id) ?? 'Other';
    countries.set(country, [...(countries.get(country) ?? []), league]);
  }
  return [...countries.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([country, list]) => ({ country, leagues: list.sort((a, b) => a.name.localeCompare(b.name)) }));
}

/** The index of the league pages (the header's 'Leagues'). */
export default function LeaguesRoute() {
  const predictions = usePredictions();
  const results = useResults({ page: 1 });
  const loading = predictions.isPending || results.isPending;
  const countries = leaguesByCountry(predictions.data ?? [], results.data?.leagues ?? []);
  return (
    <ContentLayout
      title="Leagues"
      description="Each league's page: the rest of the season simulated 10,000 times (title, top four and relegation chances), the finishing positions and how the title race moved."
    >
      {loading ? (
        // The space the list will take, so nothing below it moves when it arrives.
        <ul aria-hidden="true" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <li key={index} className="h-28 animate-pulse rounded-2xl bg-muted motion-reduce:animate-none" />
          ))}
        </ul>
      ) : countries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No league has fixtures or results yet.</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {countries.map(({ country, leagues }) => (
            <section key={country} aria-label={country} className="rounded-2xl border border-border p-4">
              <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{country}</h2>
              <ul className="mt-2 space-y-1">
                {leagues.map((league) => (
                  <li key={league.id}>
                    <Link
                      to={paths.league.getHref(league.id)}
                      className="flex items-center justify-between gap-3 rounded-lg px-2 py-2 text-sm font-medium hover:bg-muted"
                    >
                      <span className="flex min-w-0 items-center gap-2">
                        <Trophy aria-hidden="true" className="size-4 shrink-0 text-primary" />
                        <span className="truncate">{league.name}</span>
                      </span>
                      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                        {league.upcoming ? `${league.upcoming} ${league.upcoming === 1 ? 'match' : 'matches'} this week` : 'no match this week'}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </ContentLayout>
  );
}
