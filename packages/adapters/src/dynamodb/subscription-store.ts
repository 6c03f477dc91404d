import { PutCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SubscriptionState } from '@app/core/billing/entitlement';
import type { SubscriptionStore } from '@app/core/billing/ports';
import { failedConditions } from './errors.ts';
import { keys } from './keys.ts';

const SCHEMA_VERSION = 1;
/** Processed webhook events are remembered for 30 days (Stripe retries for about 3). */
const EVENT_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * The subscription item (with its GSI1 lookup by subscription id), the summary on the user
 * profile that decides access, and the processed-event marker, written in one transaction
 * (A9, A10 in docs/architecture.md#dynamodb-access-patterns).
 */
export class DynamoSubscriptionStore implements SubscriptionStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async saveSubscription(userId: string, state: SubscriptionState, eventId?: string): Promise<boolean> {
    const items = [
      ...(eventId ? [{ Put: this.eventPut(eventId) }] : []),
      {
        Put: {
          TableName: this.tableName,
          Item: { ...keys.subscription(userId), ...keys.subscriptionLookup(state.id), type: 'Subscription', schemaVersion: SCHEMA_VERSION, userId, ...state },
        },
      },
      {
        Update: {
          TableName: this.tableName,
          Key: keys.user(userId),
          UpdateExpression: 'SET subscription = :s',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':s': state },
        },
      },
    ];
    try {
      await this.doc.send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (error) {
      if (eventId && failedConditions(error)?.includes(0)) return false;
      throw error;
    }
  }

  async markEventProcessed(eventId: string): Promise<boolean> {
    try {
      await this.doc.send(new PutCommand(this.eventPut(eventId)));
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  private eventPut(eventId: string) {
    return {
      TableName: this.tableName,
      Item: { ...keys.stripeEvent(eventId), type: 'StripeEvent', schemaVersion: SCHEMA_VERSION, processedAt: new Date().toISOString(), expiresAt: Math.floor(Date.now() / 1000) + EVENT_TTL_SECONDS },
      ConditionExpression: 'attribute_not_exists(PK)',
    };
  }
}
