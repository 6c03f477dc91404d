import { OkResponseSchema, UserResponseSchema, type LoginBody, type RegisterBody, type User } from '@app/contracts/auth';
import { queryOptions, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { boolean, enum as zEnum, object, optional, string, type infer as Infer } from 'zod/mini';

import { paths } from '@/config/paths';
import { api, isApiError } from '@/lib/api-client';

/**
 * The session. The server is the source of truth (HttpOnly cookie, `GET /api/auth/me` on every
 * load, cached for the page's life); the storage key 'user' only keeps display data so the
 * header can show the email before that answer arrives (docs/product.md#session, docs/decisions/0018-client-keeps-only-display-data.md).
 */

export const USER_STORAGE_KEY = 'user';

/** `emailVerified` is kept so the banner of an unconfirmed address is there from the first paint (no layout shift). */
const StoredUserSchema = object({ id: string(), email: string(), subscriptionStatus: zEnum(['free', 'premium']), emailVerified: optional(boolean()) });

/** What the browser keeps under 'user': display data, never a credential. */
export type StoredUser = Infer<typeof StoredUserSchema>;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode, sandboxed frame)
  }
}

/** Reads the stored display user; an unreadable or malformed value is discarded. */
export function readStoredUser(): StoredUser | null {
  const store = storage();
  const raw = store?.getItem(USER_STORAGE_KEY);
  if (raw === null || raw === undefined) return null;
  try {
    const parsed = StoredUserSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: discarded below
  }
  store?.removeItem(USER_STORAGE_KEY);
  return null;
}

/** Keeps the display copy in step with the server's answer (`null` removes it). */
export function storeUser(user: User | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (user)
      store.setItem(
        USER_STORAGE_KEY,
        JSON.stringify({ id: user.id, email: user.email, subscriptionStatus: user.subscriptionStatus, emailVerified: user.emailVerified }),
      );
    else store.removeItem(USER_STORAGE_KEY);
  } catch {
    // quota or disabled storage: the display copy is optional
  }
}

export const userQueryKey = ['/api/auth/me'] as const;

/** `GET /api/auth/me`: the signed-in user, or `null` on 401 (docs/product.md#session). */
export async function getUser(): Promise<User | null> {
  try {
    const { user } = await api.get('/api/auth/me', { schema: UserResponseSchema });
    storeUser(user);
    return user;
  } catch (error) {
    if (!isApiError(error, 401)) throw error;
    storeUser(null);
    return null;
  }
}

export const getUserQueryOptions = () => queryOptions({ queryKey: userQueryKey, queryFn: getUser });

export type Session = {
  /** The user to display: the server's answer, or the stored copy while it is on its way. */
  user: User | null;
  /** True until the server has answered (spec: a loading flag while the session is read). */
  isLoading: boolean;
  /** The server has answered; `user` is authoritative (use this before gating anything). */
  isConfirmed: boolean;
  isPremium: boolean;
  isAdmin: boolean;
};

/** The current session, for display (header) and for gating (`isConfirmed`). */
export function useSession(): Session {
  const [stored] = useState(readStoredUser);
  const query = useQuery({
    ...getUserQueryOptions(),
    // Display data only (a copy from before the field was kept counts as confirmed: no banner until the server says otherwise).
    placeholderData: stored ? { ...stored, emailVerified: stored.emailVerified ?? true, role: 'user', cancelAt: null, breakUntil: null } : undefined,
  });
  const isConfirmed = query.isSuccess && !query.isPlaceholderData;
  // A failed lookup (network, 5xx) counts as signed out rather than loading forever.
  const user = query.isError ? null : (query.data ?? null);
  return {
    user,
    isLoading: !isConfirmed && !query.isError,
    isConfirmed: isConfirmed || query.isError,
    isPremium: user?.subscriptionStatus === 'premium',
    isAdmin: isConfirmed && user?.role === 'admin',
  };
}

const isSessionQuery = (query: Query) => query.queryKey[0] === userQueryKey[0];

/**
 * The viewer changed (login, sign-up, verified payment): remember the user and refetch the
 * rest, because the server shapes its answers by viewer (locked or unlocked predictions).
 */
export async function applySessionUser(queryClient: QueryClient, user: User | null): Promise<void> {
  storeUser(user);
  queryClient.setQueryData(userQueryKey, user);
  await queryClient.resetQueries({ predicate: (query) => !isSessionQuery(query) });
}

/** Drops every cached answer except the session's and every mutation (logout clears the cache). */
async function clearCachedData(queryClient: QueryClient): Promise<void> {
  queryClient.getMutationCache().clear();
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query), type: 'inactive' });
  await queryClient.resetQueries({ predicate: (query) => !isSessionQuery(query) });
}

export async function loginWithEmail(body: LoginBody): Promise<User> {
  const { user } = await api.post('/api/auth/login', body, { schema: UserResponseSchema });
  return user;
}

/**
 * `POST /api/auth/register`: 201 with the new user, signed in (the session cookie); a taken
 * address is a 409 whose message offers login and a reset (docs/decisions/0200-sign-up-signs-in.md).
 */
export async function registerWithEmail(body: RegisterBody): Promise<User> {
  const { user } = await api.post('/api/auth/register', body, { schema: UserResponseSchema });
  return user;
}

export async function logoutFromServer(): Promise<void> {
  await api.post('/api/auth/logout', undefined, { schema: OkResponseSchema });
}

/**
 * Ends the session on this client and goes to /: no stored copy, no user, no cached data.
 * A guarded page (account, admin) that loses its user on the way goes to / as well
 * (see `RequireUser`), not to /login.
 */
export function useEndSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    storeUser(null);
    queryClient.setQueryData(userQueryKey, null);
    await navigate(paths.home.getHref());
    await clearCachedData(queryClient);
  }, [navigate, queryClient]);
}

/**
 * Logout (docs/product.md#header-and-footer, docs/decisions/0013-logout-ends-the-server-session.md): ends the server session, then clears the client
 * session and the query cache and goes to /.
 */
export function useLogout(): () => Promise<void> {
  const endSession = useEndSession();
  return useCallback(async () => {
    await logoutFromServer().catch(() => undefined); // the client session ends either way
    await endSession();
  }, [endSession]);
}

/**
 * Keeps every tab of the site on the same session: the display copy under 'user' changes in
 * another tab (logout, login, another account) -> this tab drops its cached answers and asks
 * the server again. A logout elsewhere signs this tab out at once; a guarded page (account,
 * admin) then goes to / (`RequireUser`). The `storage` event fires in the other tabs only.
 */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== USER_STORAGE_KEY && event.key !== null) return;
      if (event.newValue === event.oldValue) return;
      if (event.newValue === null) {
        queryClient.setQueryData(userQueryKey, null);
        void clearCachedData(queryClient);
      } else {
        void queryClient.invalidateQueries({ queryKey: userQueryKey }).then(() => clearCachedData(queryClient));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
}
