import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

const TTL_MS = 5 * 60 * 1000;
const cache = new Map<string, { value: Promise<string>; at: number }>();
let client: SecretsManagerClient | undefined;

/**
 * A secret's string value from Secrets Manager, cached per cold start for 5 minutes (so a
 * rotation is picked up without a deploy).
 */
export function readSecret(arn: string, region: string): Promise<string> {
  const hit = cache.get(arn);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  client ??= new SecretsManagerClient({ region });
  const value = client.send(new GetSecretValueCommand({ SecretId: arn })).then((out) => {
    if (!out.SecretString) throw new Error(`Secret ${arn} has no string value`);
    return out.SecretString;
  });
  value.catch(() => cache.delete(arn));
  cache.set(arn, { value, at: Date.now() });
  return value;
}
