import { PutCommand, UpdateCommand, type DynamoDBDocumentClient, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { OpenCheckout } from '@app/core/account/user';
import type { SubscriptionState } from '@app/core/account/entitlement';
import type { SaveOutcome, SubscriptionRepository } from '@app/core/billing/ports';
import { conditionalWrite } from './conditions.ts';
import { failedConditions, transactWrite } from './transactions.ts';
import { keys } from './keys.ts';

const SCHEMA_VERSION = 2;

type TransactUpdate = NonNullable<NonNullable<TransactWriteCommandInput['TransactItems']>[number]['Update']>;
/** Processed webhook events are remembered for 30 days (Stripe retries for about 3). */
const EVENT_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * One item per provider subscription (`USER#<id>` / `SUBSCRIPTION#<subscription id>`, with its
 * GSI1 lookup by subscription id and the `created` time of the newest event applied), its entry in
 * the profile's `subscriptions` map that decides access, and the processed-event marker, written
 * in one transaction.
 */
export class DynamoSubscriptionRepository implements SubscriptionRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async saveSubscription(userId: string, state: SubscriptionState, event?: { id: string; created: number }): Promise<SaveOutcome> {
    const subscriptionUpdate: TransactUpdate = {
      TableName: this.tableName,
      Key: keys.subscription(userId, state.id),
      UpdateExpression: `SET #type = :type, schemaVersion = :v, userId = :u, #state = :state, GSI1PK = :g1pk, GSI1SK = :g1sk${event ? ', lastEventCreated = :created' : ''}`,
      // A newer event of this subscription was applied already: this one is stale.
      ...(event ? { ConditionExpression: 'attribute_not_exists(lastEventCreated) OR lastEventCreated <= :created' } : {}),
      ExpressionAttributeNames: { '#type': 'type', '#state': 'state' },
      ExpressionAttributeValues: {
        ':type': 'Subscription',
        ':v': SCHEMA_VERSION,
        ':u': userId,
        ':state': state,
        ':g1pk': keys.subscriptionLookup(state.id).GSI1PK,
        ':g1sk': keys.subscriptionLookup(state.id).GSI1SK,
        ...(event ? { ':created': event.created } : {}),
      },
    };
    const profileUpdate: TransactUpdate = {
      TableName: this.tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET subscriptions.#id = :s',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#id': state.id },
      ExpressionAttributeValues: { ':s': state },
    };
    // Profiles from before this schema have no map yet: it is created whole.
    const createMap: TransactUpdate = {
      TableName: this.tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET subscriptions = :all',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(subscriptions)',
      ExpressionAttributeValues: { ':all': { [state.id]: state } },
    };
    const transact = (profile: TransactUpdate) =>
      transactWrite(this.doc, this.tableName, [...(event ? [{ Put: this.eventPut(event.id) }] : []), { Update: subscriptionUpdate }, { Update: profile }]);
    try {
      try {
        await transact(profileUpdate);
      } catch (error) {
        if (!isMissingMap(error)) throw error;
        await transact(createMap);
      }
      return 'saved';
    } catch (error) {
      const failed = failedConditions(error);
      if (event && failed?.includes(0)) return 'duplicate';
      if (event && failed?.includes(1)) return 'stale';
      throw error;
    }
  }

  async setOpenCheckout(userId: string, checkout: OpenCheckout, previousId: string | null): Promise<boolean> {
    return conditionalWrite(
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.user(userId),
          UpdateExpression: 'SET openCheckout = :c',
          ConditionExpression: previousId === null ? 'attribute_exists(PK) AND attribute_not_exists(openCheckout)' : 'openCheckout.id = :prev',
          ExpressionAttributeValues: { ':c': { id: checkout.id, url: checkout.url }, ...(previousId === null ? {} : { ':prev': previousId }) },
        }),
      ),
    );
  }

  async markEventProcessed(eventId: string): Promise<boolean> {
    return conditionalWrite(this.doc.send(new PutCommand(this.eventPut(eventId))));
  }

  private eventPut(eventId: string) {
    return {
      TableName: this.tableName,
      Item: {
        ...keys.stripeEvent(eventId),
        type: 'StripeEvent',
        schemaVersion: SCHEMA_VERSION,
        processedAt: new Date().toISOString(),
        expiresAt: Math.floor(Date.now() / 1000) + EVENT_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    };
  }
}

/** DynamoDB refuses `SET subscriptions.#id` when the map itself does not exist. */
function isMissingMap(error: unknown): boolean {
  const e = error as { name?: string; message?: string; CancellationReasons?: Array<{ Code?: string; Message?: string }> };
  if (e.name === 'ValidationException') return /document path/i.test(e.message ?? '');
  return (e.CancellationReasons ?? []).some((r) => r.Code === 'ValidationError' && /document path/i.test(r.Message ?? ''));
}
