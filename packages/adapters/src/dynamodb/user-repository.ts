import { BatchWriteCommand, GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EmailTakenError, PasswordChangedMeanwhileError } from '@app/core/auth/errors';
import { NotFoundError } from '@app/core/errors';
import { BreakCannotBeShortenedError } from '@app/core/responsible-gambling/errors';
import type { RoleChange, UserRepository } from '@app/core/account/ports';
import type { RoleChangeLog } from '@app/core/auth/ports';
import type { Role, UserRecord } from '@app/core/account/user';
import type { SubscriptionState } from '@app/core/account/entitlement';
import { isConditionalCheckFailed } from './conditions.ts';
import { failedConditions, transactWrite } from './transactions.ts';
import { queryAll } from './query.ts';
import { keys } from './keys.ts';

const SCHEMA_VERSION = 1;
/** How long a pending email claim of the earlier two-step sign-up held its email. */
const STALE_PENDING_CLAIM_MS = 2 * 60 * 1000;

/** The optional fields of a stored user, copied as they are when present. */
const OPTIONAL_FIELDS = [
  'passwordEpoch',
  'emailVerifiedAt',
  'stripeCustomerId',
  'openCheckout',
  'termsVersion',
  'termsAcceptedAt',
  'ageConfirmedAt',
  'breakStartedAt',
  'breakUntil',
  'selfExcludedAt',
  'selfExcludedUntil',
] as const satisfies ReadonlyArray<keyof UserRecord>;

export function userFromItem(item: Record<string, unknown>): UserRecord {
  const { id, email, passwordHash, role, createdAt } = item as unknown as UserRecord;
  const subscriptions = { ...((item.subscriptions as UserRecord['subscriptions'] | undefined) ?? {}) };
  // Profiles written before subscriptions were keyed by id hold one `subscription`.
  const legacy = item.subscription as SubscriptionState | undefined;
  if (legacy && !subscriptions[legacy.id]) subscriptions[legacy.id] = legacy;
  const optional = Object.fromEntries(OPTIONAL_FIELDS.filter((field) => item[field]).map((field) => [field, item[field]])) as Partial<UserRecord>;
  return { id, email, passwordHash, role, createdAt, subscriptions, ...optional };
}

/** The item of a user's profile. */
export function userItem(user: UserRecord): Record<string, unknown> {
  return { ...keys.user(user.id), type: 'User', schemaVersion: SCHEMA_VERSION, ...user };
}

/** Users, their email claims and customer links (A1, A2, A9 of docs/architecture.md#dynamodb-access-patterns). */
export class DynamoUserRepository implements UserRepository, RoleChangeLog {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(user: UserRecord): Promise<void> {
    const now = Date.now();
    try {
      await transactWrite(this.doc, this.tableName, [
        {
          Put: {
            Item: userItem(user),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          // A claim left pending by a registration that died under the earlier two-step sign-up
          // may be taken over; any other claim means the email has an account.
          Put: {
            Item: { ...keys.emailClaim(user.email), type: 'EmailClaim', schemaVersion: SCHEMA_VERSION, userId: user.id, pending: false },
            ConditionExpression: 'attribute_not_exists(PK) OR (pending = :true AND claimedAt < :stale)',
            ExpressionAttributeValues: { ':true': true, ':stale': now - STALE_PENDING_CLAIM_MS },
          },
        },
      ]);
    } catch (error) {
      if (failedConditions(error)?.includes(1)) throw new EmailTakenError({ cause: error });
      throw error;
    }
  }

  async get(userId: string): Promise<UserRecord | undefined> {
    const out = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.user(userId), ConsistentRead: true }));
    return out.Item ? userFromItem(out.Item) : undefined;
  }

  async getByEmail(email: string): Promise<UserRecord | undefined> {
    const claim = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.emailClaim(email), ConsistentRead: true }));
    const userId = claim.Item?.userId as string | undefined;
    return userId ? this.get(userId) : undefined;
  }

  async setPasswordHash(userId: string, passwordHash: string, expectedEpoch: number): Promise<number> {
    // The epoch moves on only from the one the caller read (a record from before epochs has none:
    // epoch 0); the user's pending reset link dies with the old password, in the same transaction.
    try {
      await transactWrite(this.doc, this.tableName, [
        {
          Update: {
            Key: keys.user(userId),
            UpdateExpression: 'SET passwordHash = :v, passwordEpoch = :next',
            ConditionExpression:
              expectedEpoch === 0
                ? 'attribute_exists(PK) AND (attribute_not_exists(passwordEpoch) OR passwordEpoch = :expected)'
                : 'attribute_exists(PK) AND passwordEpoch = :expected',
            ExpressionAttributeValues: { ':v': passwordHash, ':next': expectedEpoch + 1, ':expected': expectedEpoch },
          },
        },
        { Delete: { Key: keys.userToken(userId, 'password-reset') } },
      ]);
      return expectedEpoch + 1;
    } catch (error) {
      if (!failedConditions(error)?.includes(0)) throw error;
      if (!(await this.get(userId))) throw new NotFoundError(`User ${userId} not found`, { cause: error });
      throw new PasswordChangedMeanwhileError({ cause: error });
    }
  }

  async markEmailVerified(userId: string, at: string): Promise<void> {
    await this.update(userId, 'SET emailVerifiedAt = :at', { ':at': at });
  }

  async setRole(userId: string, role: Role, change: RoleChange): Promise<void> {
    try {
      await transactWrite(this.doc, this.tableName, [
        {
          Update: {
            Key: keys.user(userId),
            UpdateExpression: 'SET #role = :v',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#role': 'role' },
            ExpressionAttributeValues: { ':v': role },
          },
        },
        {
          Put: {
            // `type` names the item's entity, so the change's own type is kept as `event`.
            Item: { ...keys.roleChange(change.at, change.id), ...change, type: 'RoleChange', schemaVersion: SCHEMA_VERSION, event: change.type },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ]);
    } catch (error) {
      if (failedConditions(error)?.includes(0)) throw new NotFoundError(`User ${userId} not found`, { cause: error });
      throw error;
    }
  }

  /** The role changes of this table, newest first. */
  async listRoleChanges(limit: number): Promise<RoleChange[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.roleChangesPartition },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((item) => {
      const { id, at, event, userId, email, actor, origin } = item as Omit<RoleChange, 'type'> & { event: RoleChange['type'] };
      return { id, at, type: event, userId, email, actor, origin };
    });
  }

  async startBreak(userId: string, startedAt: string, until: string): Promise<void> {
    try {
      // ISO-8601 UTC instants of one format compare as strings: the condition is the "never shorter" rule.
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.user(userId),
          UpdateExpression: 'SET breakStartedAt = :at, breakUntil = :until',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(breakUntil) OR breakUntil < :until)',
          ExpressionAttributeValues: { ':at': startedAt, ':until': until },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      const stored = await this.get(userId);
      if (!stored) throw new NotFoundError(`User ${userId} not found`, { cause: error });
      throw new BreakCannotBeShortenedError(stored.breakUntil ?? until, { cause: error });
    }
  }

  async selfExclude(userId: string, at: string, until: string): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.user(userId),
          // The password's epoch moves on with it: no session from before survives the exclusion.
          UpdateExpression: 'SET selfExcludedAt = :at, selfExcludedUntil = :until ADD passwordEpoch :one',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(selfExcludedUntil) OR selfExcludedUntil < :until)',
          ExpressionAttributeValues: { ':at': at, ':until': until, ':one': 1 },
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      // A later exclusion already stands: nothing to shorten, nothing to do.
      if (!(await this.get(userId))) throw new NotFoundError(`User ${userId} not found`, { cause: error });
    }
  }

  async linkCustomer(userId: string, customerId: string): Promise<void> {
    try {
      await transactWrite(this.doc, this.tableName, [
        {
          Put: {
            Item: { ...keys.stripeCustomer(customerId), type: 'StripeCustomerLink', schemaVersion: SCHEMA_VERSION, userId },
            ConditionExpression: 'attribute_not_exists(PK) OR userId = :u',
            ExpressionAttributeValues: { ':u': userId },
          },
        },
        {
          Update: {
            Key: keys.user(userId),
            UpdateExpression: 'SET stripeCustomerId = :c',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':c': customerId },
          },
        },
      ]);
    } catch (error) {
      const failed = failedConditions(error);
      if (failed?.includes(0)) throw new Error(`Customer ${customerId} is linked to another user`, { cause: error });
      if (failed?.includes(1)) throw new NotFoundError(`User ${userId} not found`, { cause: error });
      throw error;
    }
  }

  async findByCustomer(customerId: string): Promise<UserRecord | undefined> {
    const link = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.stripeCustomer(customerId), ConsistentRead: true }));
    const userId = link.Item?.userId as string | undefined;
    return userId ? this.get(userId) : undefined;
  }

  async delete(user: UserRecord): Promise<void> {
    await transactWrite(this.doc, this.tableName, [{ Delete: { Key: keys.user(user.id) } }, { Delete: { Key: keys.emailClaim(user.email) } }]);
    // The rest of the user's collection (sessions, subscriptions, tokens, message markers), the
    // messages the markers point to, and the customer link.
    const rest = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.userPartition(user.id) },
      ProjectionExpression: 'PK, SK',
    });
    for (const item of [...rest]) {
      const sk = String(item.SK);
      if (sk.startsWith(keys.userContactMessagePrefix)) rest.push(keys.contactMessage(sk.slice(keys.userContactMessagePrefix.length)));
    }
    if (user.stripeCustomerId) rest.push(keys.stripeCustomer(user.stripeCustomerId));
    await batchDelete(this.doc, this.tableName, rest);
  }

  private async update(userId: string, expression: string, values: Record<string, unknown>, names?: Record<string, string>) {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.user(userId),
        UpdateExpression: expression,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: values,
        ...(names ? { ExpressionAttributeNames: names } : {}),
      }),
    );
  }
}

/** Deletes keys in batches of 25, retrying unprocessed items. */
export async function batchDelete(doc: DynamoDBDocumentClient, tableName: string, items: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map((k) => ({ DeleteRequest: { Key: { PK: k.PK, SK: k.SK } } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 5) throw new Error('BatchWriteItem kept leaving items unprocessed');
      const out = await doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
      if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}
