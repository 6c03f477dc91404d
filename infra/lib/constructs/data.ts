import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { tableDefinition } from '@app/adapters/dynamodb/table-definition';

/** What a read-only function may do: point reads and queries (no Scan on a request path). */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
/** Writes, including the conditional checks of TransactWriteItems (which has no action of its own). */
export const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem'];

export interface DataProps {
  retain: boolean;
  /** `fp-prod-table`: fixed, so that the table is never replaced by accident (a replacement fails on the name). */
  tableName: string;
}

/** The single table, built from the shared definition (the local stack builds the same one). */
export class Data extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const string = dynamodb.AttributeType.STRING;
    if (tableDefinition.billingMode !== 'PAY_PER_REQUEST') throw new Error('Only on-demand billing is wired');

    this.table = new dynamodb.Table(this, 'Table', {
      tableName: props.tableName,
      partitionKey: { name: tableDefinition.partitionKey, type: string },
      sortKey: { name: tableDefinition.sortKey, type: string },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: props.retain,
      // Retained on update and delete; a failed first create removes it (empty), so that the retry
      // can create the same name (docs/decisions/0288-retries-after-a-failed-first-create.md).
      removalPolicy: props.retain ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY,
    });
    for (const gsi of tableDefinition.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: string },
        sortKey: { name: gsi.sortKey, type: string },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
  }
}

/**
 * Least-privilege access to the table named `tableName` (the data stack's, or a restored one
 * switched in by configuration): explicit actions on the table and on each index by name (no
 * `dynamodb:*`, no `index/*`). Indexes only ever serve Query.
 */
export function grantTable(grantee: iam.Role, tableName: string, access: 'read' | 'write'): void {
  const stack = Stack.of(grantee);
  const arn = (resourceName: string) => stack.formatArn({ service: 'dynamodb', resource: 'table', resourceName });
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      sid: access === 'write' ? 'TableReadWrite' : 'TableRead',
      actions: access === 'write' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS,
      resources: [arn(tableName)],
    }),
  );
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      sid: 'IndexQuery',
      actions: ['dynamodb:Query'],
      resources: tableDefinition.globalSecondaryIndexes.map((g) => arn(`${tableName}/index/${g.indexName}`)),
    }),
  );
}
