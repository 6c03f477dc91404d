/**
 * Security-relevant events (ASVS V16): what happened, to which account and from which client
 * network. The adapter that writes them hashes `email` with a key and adds the request id; a
 * password, token or session id is never part of an event.
 */
export type SecurityEventType =
  | 'signup_requested'
  | 'signup_throttled'
  | 'login_succeeded'
  | 'login_failed'
  | 'login_throttled'
  | 'login_refused_self_excluded'
  | 'password_changed'
  | 'password_change_failed'
  | 'password_change_throttled'
  | 'password_reset_requested'
  | 'password_reset_throttled'
  | 'password_reset_completed'
  | 'password_reset_failed'
  | 'email_verified'
  | 'verification_email_throttled'
  | 'account_deleted'
  | 'account_delete_failed'
  | 'account_delete_throttled'
  | 'role_granted'
  | 'role_revoked'
  | 'csrf_rejected'
  | 'admin_forbidden'
  | 'origin_rejected'
  | 'subscription_orphan_cancelled'
  | 'subscription_excluded_cancelled'
  | 'billing_sessions_expired'
  | 'break_started'
  | 'self_excluded'
  | 'self_exclusion_failed'
  | 'self_exclusion_throttled';

export interface SecurityEvent {
  type: SecurityEventType;
  userId?: string;
  /** Hashed by the log adapter; never written as it is. */
  email?: string;
  /** The client network (IPv4 address or IPv6 /64), never more precise than the throttle uses. */
  network?: string;
  /** Who did it, for operator actions (e.g. `cli`). */
  actor?: string;
  detail?: Record<string, string | number | boolean>;
}

export type SecurityLog = (event: SecurityEvent) => void;

export const noSecurityLog: SecurityLog = () => {};
