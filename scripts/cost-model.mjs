// `node scripts/cost-model.mjs [bench-results/functions.json]`: the monthly AWS cost table of
// docs/scaling.md, from the request mix below, list prices (eu-west-2, USD) and the route
// durations `npm run bench` measured, and the counts of the synthesized templates
// (docs/template-facts.json, written by `npm run facts` and checked against a synthesis by the
// infra tests). Prints Markdown.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Secrets and alarms as the synthesized templates have them. */
const facts = JSON.parse(readFileSync(new URL('../docs/template-facts.json', import.meta.url), 'utf8'));

/** List prices, eu-west-2 (London), USD. Check the AWS Pricing Calculator before relying on them. */
const PRICE = {
  cloudfrontPer10kHttps: 0.012, // Europe/North America, HTTPS requests
  cloudfrontPerGb: 0.085, // first 10 TB to the internet
  cloudfrontFree: { requests: 10e6, gb: 1024 }, // always-free tier per month
  apiGatewayPerMillion: 1.11, // HTTP API, first 300M
  lambdaPerGbSecond: 0.0000133334, // arm64
  lambdaPerMillion: 0.2,
  lambdaFree: { gbSeconds: 400_000, requests: 1e6 },
  dynamoReadPerMillion: 0.1485, // on-demand read request units
  dynamoWritePerMillion: 0.7425, // on-demand write request units
  wafPerMillion: 0.6,
  wafFixed: 5 + 5 * 1, // one web ACL, five rules
  secretsFixed: facts.secrets * 0.4,
  // $0.10 per metric alarm (the DynamoDB throttle alarm's math on two metrics counts twice), $0.50 per composite.
  alarmsFixed: (facts.metricAlarms + 1) * 0.1 + facts.compositeAlarms * 0.5,
  canaryPerRun: 0.0012, // CloudWatch Synthetics, per canary run
  // WAF request logs: every request the web ACL judges, one JSON record each, into CloudWatch Logs (us-east-1).
  logsIngestPerGb: 0.5,
  logsStorePerGbMonth: 0.03,
  // AWS Backup of DynamoDB: every daily backup is billed as a full copy of the table (warm storage),
  // kept 35 days, in the region and again in the copy region, plus the cross-region transfer of each copy.
  backupPerGbMonth: 0.1,
  crossRegionPerGb: 0.02,
  // X-Ray: traces recorded beyond the free 100,000 a month; Lambda's default sampling traces the first
  // request each second and 5 % of the rest.
  xrayPerMillionTraces: 5,
  xrayFreeTraces: 100_000,
  // SES, per 1,000 emails.
  sesPer1000: 0.1,
};

/** Bytes of one WAF log record (the rule, action, headers with cookies redacted, URI, client): about 1.5 KB. */
const WAF_LOG_BYTES = 1500;
/** WAF logs are kept 90 days in prod (three months of records stored at once, at steady traffic). */
const WAF_LOG_MONTHS_KEPT = 3;
/** The table: 1 GB of fixtures, predictions and runs, plus 10 KB per registered user (5 % of visitors register). */
const tableGb = (visitors) => 1 + (visitors * 0.05 * 10_000) / 1e9;
const BACKUP_DAYS = 35;
/** Value-bet alerts: a daily digest to every subscriber, and, at worst, every subscriber at the daily cap of realtime alerts (5). */
const ALERT_CAP_PER_DAY = 5;
/** Canary runs a month: every 5 minutes in prod, every 15 in staging and dev. */
const canaryRuns = (minutes) => (30 * 24 * 60) / minutes;

/** Handler durations (ms, p50) when no bench result is at hand: the November 2026 figures. */
const MEASURED_MS = { predictionsVisitor: 1.7, predictionsSession: 8.8, metrics: 0.7, me: 5.3, login: 374 };
const benchFile = process.argv[1]?.endsWith('cost-model.mjs') ? (process.argv[2] ?? 'bench-results/functions.json') : 'bench-results/functions.json';
if (existsSync(benchFile)) {
  const rows = JSON.parse(readFileSync(benchFile, 'utf8')).routeDurations ?? [];
  const p50 = (name) => rows.find((r) => r.route === name)?.p50Ms;
  MEASURED_MS.predictionsVisitor = p50('GET /api/predictions (visitor)') ?? MEASURED_MS.predictionsVisitor;
  MEASURED_MS.predictionsSession = p50('GET /api/predictions (signed in)') ?? MEASURED_MS.predictionsSession;
  MEASURED_MS.metrics = p50('GET /api/metrics/latest') ?? MEASURED_MS.metrics;
  MEASURED_MS.me = p50('GET /api/auth/me') ?? MEASURED_MS.me;
  MEASURED_MS.login = p50('POST /api/auth/login') ?? MEASURED_MS.login;
}

/**
 * One visit. A visitor lands on / and opens /predictions: the SPA asks /api/auth/me (401),
 * metrics latest and trend, and the predictions once (TanStack Query keeps them for the visit).
 * A subscriber does the same signed in, and logs in on one visit in ten.
 * Static: the prerendered page, the landing's JS and CSS chunks, the predictions chunk, fonts.
 */
const VISIT = {
  staticRequests: 12,
  megabytes: 0.35,
  visitor: { cacheable: ['metrics', 'metrics', 'predictionsVisitor'], uncacheable: ['me'] },
  subscriber: { cacheable: ['metrics', 'metrics'], uncacheable: ['me', 'predictionsSession', 'login:0.1'] },
};
/** Lambda memory (MB) by route, from the manifest's defaults: auth routes 1024, the rest 512. */
const MEMORY_MB = { predictionsVisitor: 512, predictionsSession: 512, metrics: 512, me: 1024, login: 1024 };
/** DynamoDB read units per call (sessions and users are single items; the reads are cached in the function). */
const READ_UNITS = { predictionsVisitor: 0, predictionsSession: 1, metrics: 0, me: 1, login: 2 };
const WRITE_UNITS = { login: 3 }; // session item, attempt counter, last login

/** Traffic of a month lands in about 16 busy hours a day on about 5 European edge locations. */
const ACTIVE_SECONDS = 30 * 16 * 3600;
const EDGES = 5;
/** Seconds one CDN copy serves (s-maxage): one origin fetch per path, edge and window at most. */
const SHARED_SECONDS = 30;

function originFetches(requests, paths) {
  // Per path and edge, Poisson arrivals at rate λ: a fetch covers SHARED_SECONDS, so the origin
  // sees λ / (1 + λ·T) per second.
  const perPathEdge = requests / paths / EDGES / ACTIVE_SECONDS;
  return (paths * EDGES * ACTIVE_SECONDS * perPathEdge) / (1 + perPathEdge * SHARED_SECONDS);
}

function month(visitors, cdnCache) {
  const visits = visitors * 2;
  const subscriberVisits = visitors * 0.01 * 10; // 1 % subscribe, ten visits a month each
  const calls = {};
  const add = (name, n) => (calls[name] = (calls[name] ?? 0) + n);
  for (const [kind, count] of [
    ['visitor', visits],
    ['subscriber', subscriberVisits],
  ]) {
    for (const c of [...VISIT[kind].cacheable, ...VISIT[kind].uncacheable]) {
      const [name, share] = c.split(':');
      add(name, count * Number(share ?? 1));
    }
  }
  const cacheable = calls.metrics + calls.predictionsVisitor;
  const origin = { ...calls };
  if (cdnCache) {
    origin.metrics = originFetches(calls.metrics, 2);
    origin.predictionsVisitor = originFetches(calls.predictionsVisitor, 1);
  }
  const allRequests = (visits + subscriberVisits) * VISIT.staticRequests + Object.values(calls).reduce((a, b) => a + b, 0);
  const originRequests = Object.values(origin).reduce((a, b) => a + b, 0);
  const gb = ((visits + subscriberVisits) * VISIT.megabytes) / 1024;

  const cloudfront =
    (Math.max(0, allRequests - PRICE.cloudfrontFree.requests) / 1e4) * PRICE.cloudfrontPer10kHttps +
    Math.max(0, gb - PRICE.cloudfrontFree.gb) * PRICE.cloudfrontPerGb;
  const apiGateway = (originRequests / 1e6) * PRICE.apiGatewayPerMillion;
  let gbSeconds = 0;
  for (const [name, n] of Object.entries(origin)) gbSeconds += n * (Math.ceil(MEASURED_MS[name]) / 1000) * (MEMORY_MB[name] / 1024);
  const lambda =
    Math.max(0, gbSeconds - PRICE.lambdaFree.gbSeconds) * PRICE.lambdaPerGbSecond +
    (Math.max(0, originRequests - PRICE.lambdaFree.requests) / 1e6) * PRICE.lambdaPerMillion;
  let reads = 0;
  let writes = 0;
  for (const [name, n] of Object.entries(origin)) {
    reads += n * (READ_UNITS[name] ?? 0);
    writes += n * (WRITE_UNITS[name] ?? 0);
  }
  // Each warm container re-reads the public data every 10 s while busy: 3 reads of up to 50 units.
  reads += Math.min(originRequests, (ACTIVE_SECONDS / 10) * 3) * 50;
  const dynamo = (reads / 1e6) * PRICE.dynamoReadPerMillion + (writes / 1e6) * PRICE.dynamoWritePerMillion;
  const waf = PRICE.wafFixed + (allRequests / 1e6) * PRICE.wafPerMillion;
  const wafLogGb = (allRequests * WAF_LOG_BYTES) / 1e9;
  const wafLogs = wafLogGb * PRICE.logsIngestPerGb + wafLogGb * WAF_LOG_MONTHS_KEPT * PRICE.logsStorePerGbMonth;
  const table = tableGb(visitors);
  const backups = table * BACKUP_DAYS * 2 * PRICE.backupPerGbMonth + table * 30 * PRICE.crossRegionPerGb;
  const traced = Math.min(originRequests, ACTIVE_SECONDS) + 0.05 * Math.max(0, originRequests - ACTIVE_SECONDS);
  const xray = (Math.max(0, traced - PRICE.xrayFreeTraces) / 1e6) * PRICE.xrayPerMillionTraces;
  const subscribers = visitors * 0.01;
  const sesDigest = ((subscribers * 30) / 1000) * PRICE.sesPer1000;
  const sesAtCap = sesDigest + ((subscribers * ALERT_CAP_PER_DAY * 30) / 1000) * PRICE.sesPer1000;
  const fixed = fixedMonthly(5);
  const total = cloudfront + apiGateway + lambda + dynamo + waf + wafLogs + backups + xray + sesDigest + fixed;
  const totalAtCap = total - sesDigest + sesAtCap;
  const peakOriginPerSecond = (originRequests / ACTIVE_SECONDS) * 10; // a derby day: ten times the average
  return {
    visitors,
    cdnCache,
    allRequests,
    cacheable,
    originRequests,
    gb,
    cloudfront,
    apiGateway,
    lambda,
    dynamo,
    waf,
    wafLogs,
    backups,
    xray,
    sesDigest,
    sesAtCap,
    fixed,
    total,
    totalAtCap,
    peakOriginPerSecond,
  };
}

/** What a stage costs before its first visitor: secrets, alarms, the canary, the web ACL, and SQS, Scheduler and logs at low volume. */
function fixedMonthly(canaryMinutes) {
  return PRICE.secretsFixed + PRICE.alarmsFixed + canaryRuns(canaryMinutes) * PRICE.canaryPerRun + 2;
}

/**
 * Staging (and dev) a month: the same templates with no traffic but the smoke tests and the canary
 * every 15 minutes: the fixed part, the web ACL, a 1 GB table's backups. Its budget must be above it.
 */
export function idleStageMonthly() {
  const table = tableGb(0);
  return fixedMonthly(15) + PRICE.wafFixed + table * BACKUP_DAYS * 2 * PRICE.backupPerGbMonth + table * 30 * PRICE.crossRegionPerGb;
}

/** The visitor counts of the table, with the CDN cache off and on. */
export const SCENARIOS = [10_000, 1_000_000, 10_000_000].flatMap((visitors) => [false, true].map((cdnCache) => ({ visitors, cdnCache })));
/** The highest origin request rate the model expects (a derby day at the largest scenario, cache off): what the API throttle must admit. */
export const peakOriginPerSecond = () => Math.max(...SCENARIOS.map(({ visitors, cdnCache }) => month(visitors, cdnCache).peakOriginPerSecond));
export { month };

const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2));
const millions = (n) => (n / 1e6 >= 10 ? Math.round(n / 1e6).toLocaleString('en-US') : (n / 1e6).toFixed(2)) + 'M';
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) printTables();

function printTables() {
  console.log(`Route durations used (ms, p50): ${JSON.stringify(MEASURED_MS)}`);
  console.log(
    `From the templates: ${facts.secrets} secrets, ${facts.metricAlarms} metric alarms, ${facts.compositeAlarms} composite alarms: fixed $${fixedMonthly(5).toFixed(2)} a month in prod; ` +
      `an idle staging (or dev) stage about $${idleStageMonthly().toFixed(2)}\n`,
  );
  console.log(
    '| Visitors / month | CDN cache for public reads | Requests (all) | API requests reaching the origin | Peak origin req/s (10x) | CloudFront | API Gateway | Lambda | DynamoDB | WAF | WAF logs | Backups | X-Ray | SES digests | Fixed | **Total USD** | Total with every subscriber at the alert cap |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { visitors, cdnCache } of SCENARIOS) {
    const m = month(visitors, cdnCache);
    console.log(
      `| ${visitors.toLocaleString('en-US')} | ${cdnCache ? 'on' : 'off'} | ${millions(m.allRequests)} | ${millions(m.originRequests)} | ${Math.round(m.peakOriginPerSecond)} | ${fmt(m.cloudfront)} | ${fmt(m.apiGateway)} | ${fmt(m.lambda)} | ${fmt(m.dynamo)} | ${fmt(m.waf)} | ${fmt(m.wafLogs)} | ${fmt(m.backups)} | ${fmt(m.xray)} | ${fmt(m.sesDigest)} | ${fmt(m.fixed)} | **${fmt(m.total)}** | ${fmt(m.totalAtCap)} |`,
    );
  }
}
