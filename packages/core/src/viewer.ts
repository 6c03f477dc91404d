/** Who is asking: resolved from the session cookie on every request; null for a visitor. */
export interface Viewer {
  userId: string;
  email: string;
  role: 'user' | 'admin';
  subscriptionStatus: 'free' | 'premium';
}

export function isPremium(viewer: Viewer | null | undefined): boolean {
  return viewer?.subscriptionStatus === 'premium';
}

export function isAdmin(viewer: Viewer | null | undefined): boolean {
  return viewer?.role === 'admin';
}
