/**
 * Every key of the single table is built here and nowhere else (ARCHITECTURE.md, Storage).
 * Dates in keys are UTC `yyyy-mm-dd`; kickoffs are ISO-8601 UTC so they sort as strings.
 */
export const keys = {
  fixture: (fixtureId: string) => ({ PK: `FIXTURE#${fixtureId}`, SK: 'FIXTURE' }),
  result: (fixtureId: string) => ({ PK: `FIXTURE#${fixtureId}`, SK: 'RESULT' }),
  prediction: (fixtureId: string) => ({ PK: `FIXTURE#${fixtureId}`, SK: 'PREDICTION' }),
  /** GSI1: predictions by match day. */
  predictionDay: (day: string, kickoff: string, fixtureId: string) => ({ GSI1PK: `PREDDAY#${day}`, GSI1SK: `${kickoff}#${fixtureId}` }),
  predictionDayPartition: (day: string) => `PREDDAY#${day}`,
  /** GSI2: predictions by league. */
  predictionLeague: (leagueId: string, kickoff: string, fixtureId: string) => ({ GSI2PK: `PREDLEAGUE#${leagueId}`, GSI2SK: `${kickoff}#${fixtureId}` }),
  metricsLatest: () => ({ PK: 'METRICS#GLOBAL', SK: 'LATEST' }),
  metricsDay: (day: string) => ({ PK: 'METRICS#GLOBAL', SK: `DAY#${day}` }),
  metricsPartition: 'METRICS#GLOBAL',
  metricsDayPrefix: 'DAY#',
} as const;

/** Upper bound for a `BETWEEN` on `<iso>#<id>` sort keys: '~' sorts after every id character. */
export const sortKeyCeiling = (iso: string) => `${iso}~`;
