/**
 * The three fictional leagues of the demo world: fictional countries, 16 invented clubs each,
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
  /** Weeks after the world's season start at which this league's season (its two-week break) begins. */
  offsetWeeks: number;
  /** Where in its season this league plays the extra midweek rounds that cover another league's break. */
  coverWeeks: 'early' | 'late';
  /** Average goals of an even match: home and away. */
  homeGoals: number;
  awayGoals: number;
  /** Dixon-Coles low-score dependence. */
  rho: number;
  /** Eight slots each (one round of 16 clubs). */
  weekend: readonly Slot[];
  midweek: readonly Slot[];
  /** How clubs level on points are ordered, and the places relegated (the season simulations). */
  season: { tieBreaks: readonly TieBreak[]; relegated: number };
}

const slot = (day: number, time: string): Slot => {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { day, hour, minute };
};
const TUE = 0,
  WED = 1,
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
    ],
    offsetWeeks: 0,
    coverWeeks: 'early',
    season: { tieBreaks: ['goalDifference', 'goalsFor'], relegated: 2 },
    homeGoals: 1.55,
    awayGoals: 1.2,
    rho: -0.08,
    weekend: [
      slot(FRI, '19:45'),
      slot(SAT, '12:30'),
      slot(SAT, '15:00'),
      slot(SAT, '15:00'),
      slot(SAT, '15:00'),
      slot(SAT, '15:00'),
      slot(SAT, '17:30'),
      slot(SUN, '16:30'),
    ],
    midweek: [
      slot(TUE, '19:45'),
      slot(TUE, '19:45'),
      slot(TUE, '19:45'),
      slot(TUE, '19:45'),
      slot(WED, '19:45'),
      slot(WED, '19:45'),
      slot(WED, '19:45'),
      slot(WED, '20:00'),
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
    ],
    offsetWeeks: 3,
    coverWeeks: 'late',
    // Valdoria ranks clubs level on points by their matches against each other, as Spain does.
    season: { tieBreaks: ['headToHead', 'goalDifference', 'goalsFor'], relegated: 2 },
    homeGoals: 1.45,
    awayGoals: 1.05,
    rho: -0.1,
    weekend: [
      slot(FRI, '20:00'),
      slot(SAT, '13:00'),
      slot(SAT, '15:15'),
      slot(SAT, '17:30'),
      slot(SAT, '20:00'),
      slot(SUN, '14:00'),
      slot(SUN, '16:15'),
      slot(MON, '20:00'),
    ],
    midweek: [
      slot(TUE, '18:30'),
      slot(TUE, '20:30'),
      slot(WED, '17:30'),
      slot(WED, '19:30'),
      slot(WED, '19:30'),
      slot(WED, '20:30'),
      slot(THU, '18:30'),
      slot(THU, '20:30'),
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
    ],
    offsetWeeks: 6,
    coverWeeks: 'late',
    season: { tieBreaks: ['goalDifference', 'goalsFor', 'headToHead'], relegated: 2 },
    homeGoals: 1.7,
    awayGoals: 1.35,
    rho: -0.06,
    weekend: [
      slot(FRI, '19:30'),
      slot(SAT, '14:30'),
      slot(SAT, '14:30'),
      slot(SAT, '14:30'),
      slot(SAT, '14:30'),
      slot(SAT, '14:30'),
      slot(SAT, '17:30'),
      slot(SUN, '15:30'),
    ],
    midweek: [
      slot(TUE, '18:30'),
      slot(TUE, '18:30'),
      slot(TUE, '19:30'),
      slot(TUE, '19:30'),
      slot(WED, '18:30'),
      slot(WED, '18:30'),
      slot(WED, '19:30'),
      slot(WED, '19:30'),
    ],
  },
];

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
  { name: 'Northbet', margin1x2: 0.045, marginOu: 0.055 },
  { name: 'Crown & Anchor', margin1x2: 0.055, marginOu: 0.065 },
  { name: 'Velox', margin1x2: 0.04, marginOu: 0.05 },
  { name: 'Stakewell', margin1x2: 0.06, marginOu: 0.07 },
  { name: 'Meridian Odds', margin1x2: 0.05, marginOu: 0.06 },
  { name: 'Fenwick Sports', margin1x2: 0.05, marginOu: 0.06 },
];
