// Vitest global setup: one in-memory DynamoDB Local per test run; each file makes its own table.
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../local-server.ts';

import type {} from './test-table.ts';

export default async function setup(project: TestProject) {
  const dynamo = await startDynamoDbLocal();
  project.provide('dynamodbEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}
