import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { tableDefinition } from '@app/adapters/dynamodb/table-definition';

/** What a read-only function may do: point reads and queries (no Scan on a request path). */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
/** Writes, including the conditional checks of TransactWriteItems (which has no action of its own). */
export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

export interface DataProps {
  retain: boolean;
}

/** The single table, built from the shared definition (the local stack builds the same one). */
export class Data extends Construct {
  readonly table: dynamodb.Table;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const string = dynamodb.AttributeType.STRING;
    if (tableDefinition.billingMode !== 'PAY_PER_REQUEST') throw new Error('Only on-demand billing is wired');

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: string },
      sortKey: { name: tableDefinition.sortKey, type: string },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: props.retain,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
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

  /**
   * Least-privilege table access: explicit actions on the table and on each index by name
   * (no `dynamodb:*`, no `index/*`). Indexes only ever serve Query.
   */
  grant(grantee: iam.IGrantable, access: 'read' | 'write'): void {
    const indexArns = tableDefinition.globalSecondaryIndexes.map(
      (g) => Stack.of(this).formatArn({ service: 'dynamodb', resource: 'table', resourceName: `${this.table.tableName}/index/${g.indexName}` }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({
        sid: access === 'write' ? 'TableReadWrite' : 'TableRead',
        actions: access === 'write' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS,
        resources: [this.table.tableArn],
      }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({ sid: 'IndexQuery', actions: ['dynamodb:Query'], resources: indexArns }),
    );
  }
}
