// Vitest global setup: one in-memory DynamoDB Local per test run; each file makes its own table.
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../local-server.ts';

import type {} from './test-table.ts';

/**
 * A test run's DynamoDB Local lives for minutes and serves small tables: the JIT's first tier
 * only and the serial collector cost about a third less CPU than the JVM's defaults here
 * (measured on the adapters' integration tests), which a 2-core machine running two test
 * workers beside it needs more than peak throughput.
 */
const TEST_RUN_JVM = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

export default async function setup(project: TestProject) {
  const dynamo = await startDynamoDbLocal({ jvmOptions: TEST_RUN_JVM });
  project.provide('dynamodbEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}
