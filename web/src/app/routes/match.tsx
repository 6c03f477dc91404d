import type { FormMatch, MatchForecast, MatchPage } from '@app/contracts/matches';
import { displayTeamName } from '@app/contracts/display-names';
import { slug } from '@app/contracts/slug';
import { Lock } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';

import { ContentLayout, NotFoundPage } from '@/components/layouts/content-layout';
import { LeagueLink, TeamLink } from '@/components/links/entity-links';
import { CompactTable } from '@/components/tables/compact-table';
import { Badge } from '@/components/ui/badge';
import { buttonStyles } from '@/components/ui/button';
import { Figures } from '@/components/ui/figures';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { getMatchQueryOptions, useMatch } from '@/features/matches/api/get-match';
import { GoalMarketsView } from '@/components/predictions/goal-markets';
import { OddsGrid } from '@/features/matches/components/odds-grid';
import { ScoreHeatmap } from '@/features/matches/components/score-heatmap';
import { sharperThanItsParts } from '@/features/matches/utils/pool-note';
import { forecastSource } from '@/features/predictions/utils/forecast-source';
import { BreakNotice } from '@/features/responsible-gambling/components/break-notice';
import { ValueBetDetail } from '@/components/predictions/value-bet-detail';
import { PickAndValue, ValueBetLine, ValueHistory } from '@/components/predictions/value-bet-line';
import { TakeBet } from '@/features/my-bets/components/take-bet';
import { useSession } from '@/lib/auth';
import { prefetchReads, revalidateOnNewParams, useShownQuery } from '@/lib/shown-query';
import { formatKickoff, formatOdds, formatPastDay, formatPercent, formatStamp } from '@/utils/format';

const MODEL_NAMES: Record<string, string> = { statistical: 'Statistical learning', ai: 'Football-optimised AI', rating: 'Dynamic team rating' };

function Locked() {
  const breakUntil = useSession().user?.breakUntil;
  if (breakUntil) {
    return (
      <Section title="Forecast">
        <BreakNotice until={breakUntil} />
      </Section>
    );
  }
  return (
    <Section title="Forecast">
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface px-4 py-6 text-center">
        <Lock aria-hidden="true" className="size-6 text-muted-foreground" />
        <p className="text-sm font-medium">
          Subscribe to unlock the full forecast: the scoreline heatmap, each model beside the market, expected goals, totals and the odds.
        </p>
        <Link to={paths.pricing.getHref({ intent: 'subscribe' })} className={buttonStyles({ size: 'sm' })}>
          Unlock Predictions
        </Link>
      </div>
    </Section>
  );
}

function Forecast({ match }: { match: MatchPage }) {
  const f = match.forecast!;
  const rows: [string, { home: number; draw: number; away: number } | null][] = [
    // Named as on the card: whose forecast is published (the market's fair price, our models, a blend).
    [forecastSource(f.modelWeight ?? undefined, f.market !== null, f.source), f.blend],
    ['Our models', f.models],
    ...f.components.map((c): [string, { home: number; draw: number; away: number }] => [MODEL_NAMES[c.name] ?? c.name, c]),
    ['Market (fair, margin removed)', f.market],
  ];
  const odds = (['home', 'draw', 'away', 'over25', 'under25'] as const).filter((k) => f.oddsUsed?.[k] !== undefined || f.bestOdds?.[k] !== undefined);
  const oddsLabel = { home: 'Home', draw: 'Draw', away: 'Away', over25: 'Over 2.5', under25: 'Under 2.5' };
  const sharper = sharperThanItsParts(f);
  // the fair price: the sharp market with its margin removed (1X2), else the value flag's own
  const fair: Partial<Record<(typeof odds)[number], number | null>> = {
    ...(f.market ? { home: 100 / f.market.home, draw: 100 / f.market.draw, away: 100 / f.market.away } : {}),
    ...Object.fromEntries(f.valueBets.map((v) => [v.market, v.fairOdds])),
    // the sharp book's own fair prices where kept (Over/Under too)
    ...f.books?.fair?.odds,
  };
  return (
    <>
      <Section title="Odds">
        <MatchValueBets forecast={f} fixtureId={match.fixtureId} />
        {odds.length ? (
          <CompactTable
            className="mt-3"
            columns={['Outcome', 'Best price', 'Fair price', 'Price the model read']}
            rows={odds.map((k) => ({
              key: k,
              header: oddsLabel[k],
              cells: [
                <span key="best" className={f.valueBets.some((v) => v.market === k) ? 'font-semibold text-premium' : undefined}>
                  {formatOdds(f.bestOdds?.[k])}
                  {f.bestBookmakers?.[k] ? <span className="text-muted-foreground"> {f.bestBookmakers[k]}</span> : null}
                </span>,
                formatOdds(fair[k]),
                formatOdds(f.oddsUsed?.[k]),
              ],
            }))}
          />
        ) : (
          <p className="mt-3 text-sm text-muted-foreground">No bookmaker odds for this match: the forecast is our models’ alone.</p>
        )}
        {f.books ? <OddsGrid books={f.books} /> : null}
        <Arbitrages forecast={f} />
      </Section>
      <Section title="Scoreline probabilities">
        {f.scores ? (
          <ScoreHeatmap scores={f.scores} homeTeam={displayTeamName(match.homeTeam)} awayTeam={displayTeamName(match.awayTeam)} />
        ) : (
          <p className="text-sm text-muted-foreground">Not kept for this prediction.</p>
        )}
      </Section>
      <Section title="Home, draw, away by model">
        <CompactTable
          columns={['Source', 'Home', 'Draw', 'Away']}
          rows={rows.map(([name, p]) =>
            p
              ? { key: name, header: name, cells: [formatPercent(p.home), formatPercent(p.draw), formatPercent(p.away)] }
              : { key: name, header: name, note: 'No bookmaker odds for this match' },
          )}
        />
        {sharper ? <p className="mt-2 text-sm text-muted-foreground">{sharper}</p> : null}
      </Section>
      <Section title="Goals">
        <Figures
          className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3"
          items={[
            ['Expected goals', f.expectedGoals ? `${f.expectedGoals.home.toFixed(2)} - ${f.expectedGoals.away.toFixed(2)}` : 'N/A'],
            ['Both teams score', f.bothTeamsToScore === null ? 'N/A' : formatPercent(f.bothTeamsToScore)],
            ['Over 1.5', f.totals.over15 === null ? 'N/A' : formatPercent(f.totals.over15)],
            ['Over 2.5', formatPercent(f.totals.over25)],
            ['Over 3.5', f.totals.over35 === null ? 'N/A' : formatPercent(f.totals.over35)],
          ]}
        />
      </Section>
      {f.markets ? (
        <Section title="Every market from the scoreline grid">
          <GoalMarketsView markets={f.markets} />
        </Section>
      ) : null}
    </>
  );
}

const ARBITRAGE_MARKET = { '1x2': 'Home, draw, away', ou25: 'Over/Under 2.5' } as const;

/** Where the best prices of a market imply under 100 %: named an arbitrage, not two value bets. */
function Arbitrages({ forecast: f }: { forecast: MatchForecast }) {
  if (!f.arbitrages?.length) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm" aria-label="Arbitrages">
      {f.arbitrages.map((a) => (
        <li key={a.market} data-testid="arbitrage-line">
          <span className="font-semibold">Arbitrage:</span> {ARBITRAGE_MARKET[a.market]} best prices add up to {formatPercent(a.implied * 100)}: backing every
          side in proportion returns {formatPercent(a.profit * 100, { signed: true })} whatever the result, until a bookmaker moves its price.
        </li>
      ))}
    </ul>
  );
}

/** Above the odds table: the value flags as of the last scan, how they moved, and Pick against Value. */
function MatchValueBets({ forecast: f, fixtureId }: { forecast: MatchForecast; fixtureId: string }) {
  return (
    <div className="space-y-2" data-testid="match-value-bets">
      {f.valueBets.length ? (
        <ul className="space-y-1 text-sm" aria-label="Value bets">
          {f.valueBets.map((bet) => (
            <li key={bet.market} className="flex flex-wrap items-center gap-2">
              <ValueBetLine bet={bet} />
              <ValueBetDetail bet={bet} />
              <TakeBet fixtureId={fixtureId} bet={bet} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          No value bet{f.valueScannedAt ? ` as of ${formatStamp(f.valueScannedAt)}` : ''}: no listed bookmaker pays more than the fair price.
        </p>
      )}
      <ValueHistory events={f.valueHistory} />
      <PickAndValue picks={f.picks} valueBets={f.valueBets} />
    </div>
  );
}

function FormList({ team, matches }: { team: string; matches: FormMatch[] }) {
  return (
    <div>
      <h3 className="mb-2 font-medium">
        <TeamLink teamSlug={slug(team)}>{displayTeamName(team)}</TeamLink>
      </h3>
      {matches.length ? (
        <ol className="space-y-1 text-sm">
          {matches.map((m) => (
            <li key={`${m.date}-${m.opponent}`} className="flex items-center gap-2">
              <Badge
                variant={m.outcome === 'W' ? 'success' : m.outcome === 'L' ? 'destructive' : 'muted'}
                aria-label={{ W: 'Won', D: 'Drew', L: 'Lost' }[m.outcome]}
              >
                {m.outcome}
              </Badge>
              <span className="whitespace-nowrap tabular-nums">
                {m.goalsFor}-{m.goalsAgainst}
              </span>
              <span>
                {m.venue === 'H' ? 'vs' : 'at'} <TeamLink teamSlug={slug(m.opponent)}>{displayTeamName(m.opponent)}</TeamLink>
              </span>
              <span className="ml-auto whitespace-nowrap text-muted-foreground tabular-nums">{formatPastDay(m.date)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">No stored results.</p>
      )}
    </div>
  );
}

/** Sets the page's meta description (the shell's one element) while the page is shown. */
function useMetaDescription(content: string | undefined) {
  useEffect(() => {
    if (!content) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = content;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [content]);
}

/** The page's lead, the same for every match: it is in the page's prerendered HTML (docs/decisions/0277-match-league-and-team-pages-prerendered.md). */
const LEAD =
  'Our forecast for this match: win, draw and Over/Under 2.5 goals probabilities from three models beside the market (Premium), each side’s last five results and their last meetings, and after full time how the forecast scored.';

/** Starts the match's read before the page renders (lib/shown-query.ts). */
export const clientLoader = prefetchReads((client, { fixtureId = '' }) => client.prefetchQuery(getMatchQueryOptions(fixtureId)));
export const shouldRevalidate = revalidateOnNewParams;

/** A match: its forecast for premium subscribers, its form and meetings for everyone, how the forecast scored after full time. */
export default function MatchRoute() {
  const { fixtureId = '' } = useParams();
  const match = useShownQuery(useMatch(fixtureId));
  const m = match.data;
  useMetaDescription(
    m
      ? `${displayTeamName(m.homeTeam)} vs ${displayTeamName(m.awayTeam)}, ${m.league}, ${formatKickoff(m.matchTime)}: AI prediction with the scoreline distribution, each model against the market, form and head-to-head.`
      : undefined,
  );
  if (match.isError) {
    return <NotFoundPage title="Match not found" />;
  }
  if (!m) {
    // The loaded page's layout, so React keeps its lead in place when the match arrives.
    return (
      <ContentLayout title="Match" description={LEAD}>
        <p className="text-sm text-muted-foreground">Loading match…</p>
      </ContentLayout>
    );
  }
  const title = `${displayTeamName(m.homeTeam)} vs ${displayTeamName(m.awayTeam)}`;
  return (
    <ContentLayout title={title} documentTitle={`${title} prediction`} description={LEAD}>
      <p className="mb-6 text-sm">
        <LeagueLink leagueId={m.leagueId}>{m.league}</LeagueLink> · {formatKickoff(m.matchTime)}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        {m.outcome ? (
          <Section title="Full time">
            <p className="text-2xl font-bold tabular-nums">{m.outcome.actualResult}</p>
            <p className="mt-2 text-sm">
              Ranked probability score of our forecast: <span className="font-semibold tabular-nums">{m.outcome.rps.toFixed(4)}</span> (0 is perfect, lower is
              better)
            </p>
            <ul className="mt-2 space-y-1 text-sm">
              {m.outcome.picks.length ? (
                m.outcome.picks.map((p) => (
                  <li key={p.label}>
                    {p.label} ({formatPercent(p.confidence)}): <Badge variant={p.won ? 'success' : 'destructive'}>{p.won ? 'Hit' : 'Miss'}</Badge>
                  </li>
                ))
              ) : (
                <li className="text-muted-foreground">No high-confidence pick on this match.</li>
              )}
            </ul>
          </Section>
        ) : null}
        {m.forecast ? <Forecast match={m} /> : <Locked />}
        <Section title="Form: last five results">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            <FormList team={m.homeTeam} matches={m.form.home} />
            <FormList team={m.awayTeam} matches={m.form.away} />
          </div>
        </Section>
        <Section title="Last meetings">
          {m.meetings.length ? (
            <ol className="space-y-1 text-sm">
              {m.meetings.map((x) => (
                <li key={`${x.date}-${x.homeTeam}`} className="flex gap-2">
                  <span>
                    {displayTeamName(x.homeTeam)} {x.homeGoals}-{x.awayGoals} {displayTeamName(x.awayTeam)}
                  </span>
                  <span className="ml-auto whitespace-nowrap text-muted-foreground tabular-nums">{formatPastDay(x.date)}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">No meetings in the stored history.</p>
          )}
        </Section>
      </div>
    </ContentLayout>
  );
}
