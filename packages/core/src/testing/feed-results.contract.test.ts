import { FakeFeedResults } from './feed-results.ts';
import { FEED_LEAGUE, FEED_NOW, feedResultsContract } from './feed-results.contract.ts';

feedResultsContract('the fake', async (events) => {
  const fake = new FakeFeedResults(events, () => FEED_NOW);
  return { results: fake, calls: () => fake.calls.length, fail: (how) => fake.fail(FEED_LEAGUE, how) };
});
