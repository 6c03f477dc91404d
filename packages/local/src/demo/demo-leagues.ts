/**
 * The three fictional leagues of the demo world (and a fourth flagged without a forecast, `DEMO_FLAG_ONLY_LEAGUE`):
 * fictional countries, 20, 20 and 18 invented clubs,
 * their own scoring levels and kickoff slots. Times are UTC; the fictional countries keep no
 * daylight saving time, so every week has the same slots.
 */
import type { League } from '@app/core/pipeline/providers';
import type { SeasonRules, TieBreak } from '@app/model/season';

/** A kickoff slot of the week, counted from Tuesday 00:00 UTC (0 = Tuesday ... 6 = Monday). */
export interface Slot {
  day: number;
  hour: number;
  minute: number;
}

export interface DemoLeague extends League {
  clubs: readonly string[];
  /** Weeks after the world's season start (a Tuesday early in May) at which this league's season begins. */
  offsetWeeks: number;
  /** Weeks of summer break at the season's start before its first round (then one round a week; any weeks left over close the season). */
  breakWeeks: number;
  /** Average goals of an even match: home and away. */
  homeGoals: number;
  awayGoals: number;
  /** Dixon-Coles low-score dependence. */
  rho: number;
  /** One slot per match of a round (half the clubs). */
  weekend: readonly Slot[];
  /** How clubs level on points are ordered, and the places relegated (the season simulations). */
  season: { tieBreaks: readonly TieBreak[]; relegated: number };
}

const slot = (day: number, time: string): Slot => {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { day, hour, minute };
};
const WED = 1,
  THU = 2,
  FRI = 3,
  SAT = 4,
  SUN = 5,
  MON = 6;

export const DEMO_LEAGUES: readonly DemoLeague[] = [
  {
    id: 'NSP',
    name: 'Northshire Premier',
    country: 'Northshire',
    clubs: [
      'Ambervale Athletic',
      'Blackmere Rovers',
      'Coldwater Town',
      'Drayhurst United',
      'Elmsworth City',
      'Fellbridge Wanderers',
      'Greywater Albion',
      'Hollowmoor',
      'Ironcliff Rangers',
      'Kestrel Bay',
      'Larkspur Town',
      'Marrowdale United',
      'Northgate Harriers',
      'Oakhaven City',
      'Pellham Forest',
      'Redwick Athletic',
      'Saltmarsh County',
      'Thornbury Vale',
      'Upperford Town',
      'Westholm Rovers',
    ],
    offsetWeeks: 0,
    breakWeeks: 14,
    season: { tieBreaks: ['goalDifference', 'goalsFor'], relegated: 3 },
    homeGoals: 1.46,
    awayGoals: 1.1,
    rho: -0.04,
    weekend: [
      slot(FRI, '19:45'),
      slot(SAT, '12:30'),
      slot(SAT, '15:00'),
      slot(SAT, '15:00'),
      slot(SAT, '15:00'),
      slot(SAT, '15:00'),
      slot(SAT, '17:30'),
      slot(SUN, '14:00'),
      slot(SUN, '16:30'),
      slot(MON, '20:00'),
    ],
  },
  {
    id: 'VLP',
    name: 'Valdoria Primera',
    country: 'Valdoria',
    clubs: [
      'Atlético Montesol',
      'CD Puerto Alcor',
      'Deportivo Sierraluz',
      'Real Valdora',
      'Racing Villamar',
      'SD Riomar',
      'CF Torrenegra',
      'Unión Lagoazul',
      'Estrella de Calvera',
      'Olímpico Brisamar',
      'Ciudad de Ventoso',
      'Atlético Peñaroja',
      'Santa Irene CF',
      'Castillo Dorado',
      'UD Miraflores del Cerro',
      'Club Marisol',
      'Real Sociedad Alcántara',
      'CD Navaluna',
      'Rayo Costaverde',
      'UD Almenara',
    ],
    offsetWeeks: 16,
    breakWeeks: 14,
    // Valdoria ranks clubs level on points by their matches against each other, as Spain does.
    season: { tieBreaks: ['headToHead', 'goalDifference', 'goalsFor'], relegated: 3 },
    homeGoals: 1.46,
    awayGoals: 1.06,
    rho: -0.05,
    weekend: [
      slot(FRI, '20:00'),
      slot(SAT, '13:00'),
      slot(SAT, '15:15'),
      slot(SAT, '17:30'),
      slot(SAT, '20:00'),
      slot(SUN, '14:00'),
      slot(SUN, '16:15'),
      slot(SUN, '18:30'),
      slot(SUN, '20:00'),
      slot(MON, '20:00'),
    ],
  },
  {
    id: 'OSL',
    name: 'Ostmark Liga',
    country: 'Ostmark',
    clubs: [
      'SV Eisenfeld',
      'FC Grauwald',
      'TSV Hohenbrück',
      'Rot-Weiß Kaltenbrunn',
      'SpVgg Mühlheide',
      'Borussia Falkenried',
      'Fortuna Weißsee',
      'Union Dunkelsee',
      'Eintracht Brunnhof',
      'Viktoria Steinwald',
      'Arminia Hollerbrück',
      'Kickers Ostwalde',
      'Preußen Rabenfels',
      'Dynamo Kesselberg',
      'Alemannia Silberau',
      'SC Nordhafen',
      'VfB Lindenau',
      'FSV Birkenstein',
    ],
    offsetWeeks: 32,
    breakWeeks: 18,
    season: { tieBreaks: ['goalDifference', 'goalsFor', 'headToHead'], relegated: 2 },
    homeGoals: 1.55,
    awayGoals: 1.2,
    rho: -0.07,
    weekend: [
      slot(FRI, '19:30'),
      slot(SAT, '14:30'),
      slot(SAT, '14:30'),
      slot(SAT, '14:30'),
      slot(SAT, '14:30'),
      slot(SAT, '14:30'),
      slot(SAT, '17:30'),
      slot(SUN, '13:30'),
      slot(SUN, '15:30'),
    ],
  },
];

/**
 * The demo's league without history (docs/decisions/0297-results-for-flag-only-leagues.md): 16 clubs of a fourth
 * fictional country, no forecast, no history, no season simulation; its fixtures known only from the odds feed's events
 * (`DemoProvider.events`), priced by the sharp book and the six listed books, settled from the feed's results. It plays
 * from late July to February (a winter league, off in spring). Its random streams are keyed by its own id, so the three
 * forecast leagues' fixtures, results and prices are what they were without it.
 */
export const DEMO_FLAG_ONLY_LEAGUE: DemoLeague = {
  id: 'LDM',
  name: 'Lindmark Division',
  country: 'Lindmark',
  clubs: [
    'IF Björkvik',
    'Lindholm BK',
    'FK Norrhamn',
    'Sjöberga IF',
    'Kallvik FF',
    'Västerö BK',
    'IK Granhöjd',
    'Falkstad FF',
    'Östermo IF',
    'Trollhavn FK',
    'Ravnsund SK',
    'Havsö BK',
    'Skogby IF',
    'Stenfjord IL',
    'Myrholm FF',
    'Korpnes FK',
  ],
  offsetWeeks: 0,
  breakWeeks: 12,
  season: { tieBreaks: ['goalDifference', 'goalsFor'], relegated: 2 },
  homeGoals: 1.5,
  awayGoals: 1.15,
  rho: -0.05,
  // a match midweek too: within the odds scan's 72 hours there is always one of its fixtures, in season
  weekend: [
    slot(WED, '19:00'),
    slot(THU, '19:00'),
    slot(SAT, '13:00'),
    slot(SAT, '15:00'),
    slot(SAT, '17:00'),
    slot(SUN, '13:00'),
    slot(SUN, '15:00'),
    slot(MON, '18:00'),
  ],
};

export function demoLeague(id: string): DemoLeague | undefined {
  return DEMO_LEAGUES.find((l) => l.id === id);
}

/** A demo league's season rules for the simulations (top four as in the real leagues); undefined for any other league. */
export function demoSeasonRules(id: string): SeasonRules | undefined {
  const season = demoLeague(id)?.season;
  return season && { tieBreaks: season.tieBreaks, relegated: season.relegated, top: 4 };
}

/**
 * The demo's sharp book: a low margin and half the others' noise, the fair price value flags are
 * measured against (it plays Pinnacle; a bettor cannot take its prices).
 */
export const DEMO_SHARP = { name: 'Keystone', margin1x2: 0.025, marginOu: 0.03 } as const;

/** Fictional bookmakers and their usual margins (1X2 and over/under). */
export const DEMO_BOOKMAKERS: readonly { name: string; margin1x2: number; marginOu: number }[] = [
  { name: 'Northbet', margin1x2: 0.048, marginOu: 0.058 },
  { name: 'Crown & Anchor', margin1x2: 0.055, marginOu: 0.065 },
  { name: 'Velox', margin1x2: 0.048, marginOu: 0.055 },
  { name: 'Stakewell', margin1x2: 0.06, marginOu: 0.07 },
  { name: 'Meridian Odds', margin1x2: 0.05, marginOu: 0.06 },
  { name: 'Fenwick Sports', margin1x2: 0.05, marginOu: 0.06 },
];
