/**
 * The one definition of the single table: keys, indexes and TTL. The CDK stack and the local
 * stack (DynamoDB Local) both build the table from it. Access patterns: docs/architecture.md#dynamodb-access-patterns.
 */
export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    /** Sparse: only high-confidence (>= 60 %) picks carry GSI3 keys. */
    { indexName: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
  ],
  timeToLiveAttribute: 'expiresAt',
  billingMode: 'PAY_PER_REQUEST',
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

/** CreateTable input for DynamoDB Local (the CDK stack builds the same table from the same object). */
export function createTableInput(tableName: string) {
  const { partitionKey, sortKey, globalSecondaryIndexes } = tableDefinition;
  const keyNames = [partitionKey, sortKey, ...globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey])];
  return {
    TableName: tableName,
    BillingMode: tableDefinition.billingMode,
    AttributeDefinitions: keyNames.map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' as const },
      { AttributeName: sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
