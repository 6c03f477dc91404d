// `npm run facts`: synthesises the dev stage from the real manifests (offline, without bundling)
// and writes its counts into docs/template-facts.json and the marked blocks of the docs.
import { Stack } from 'aws-cdk-lib';
import { buildApp, newApp } from '../lib/app.ts';
import { factsOf, writeFacts } from '../lib/template-facts.ts';

const app = newApp({ context: { stage: 'dev', 'aws:cdk:bundling-stacks': [] } });
buildApp(app, { webDist: null });
const facts = factsOf(
  'dev',
  app.node.findAll().filter((c): c is Stack => Stack.isStack(c)),
);
writeFacts(facts);
console.log(JSON.stringify(facts));
