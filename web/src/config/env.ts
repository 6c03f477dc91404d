import { _default, object, refine, string, type infer as Infer } from 'zod/mini';

/**
 * Public build-time configuration. Only `VITE_APP_*` variables are read, with the prefix
 * dropped. Everything here ends up in the browser bundle: never put a secret in it.
 */
const EnvSchema = object({
  /** Origin of the API; empty means same origin (the local server and CloudFront both serve /api). */
  API_URL: _default(
    string().check(
      refine((value) => value === '' || /^https?:\/\/[^/]+$/.test(value), 'must be an origin like https://api.example.com, without a trailing slash'),
    ),
    '',
  ),
});

export type Env = Infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, unknown>): Env {
  const prefixed = Object.entries(source)
    .filter(([key]) => key.startsWith('VITE_APP_'))
    .map(([key, value]) => [key.slice('VITE_APP_'.length), value] as const);
  const result = EnvSchema.safeParse(Object.fromEntries(prefixed));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `- VITE_APP_${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment variables:\n${problems.join('\n')}`);
  }
  return result.data;
}

export const env = parseEnv(import.meta.env);
