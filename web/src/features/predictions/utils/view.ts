import { useCallback, useSyncExternalStore } from 'react';

/** How /predictions shows the matches: a compact list (one row a match) or cards. */
export type PredictionsView = 'list' | 'cards';

/** The choice is remembered per browser under this key. */
export const VIEW_STORAGE_KEY = 'predictions-view';
/** Below Tailwind's `sm` breakpoint: a phone, where the list is the default. */
export const PHONE_QUERY = '(max-width: 639px)';

const listeners = new Set<() => void>();
/** The choice of this page's life, for a browser whose storage is disabled. */
let chosen: PredictionsView | undefined;

function stored(): PredictionsView | undefined {
  try {
    const value = window.localStorage.getItem(VIEW_STORAGE_KEY);
    return value === 'list' || value === 'cards' ? value : undefined;
  } catch {
    return chosen;
  }
}

function snapshot(): PredictionsView {
  return stored() ?? (window.matchMedia(PHONE_QUERY).matches ? 'list' : 'cards');
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(PHONE_QUERY);
  listeners.add(onChange);
  media.addEventListener('change', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    media.removeEventListener('change', onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * The view of /predictions (docs/decisions/0163-compact-list-on-phones.md): the one this browser
 * chose last, else the list on a phone and cards on a larger screen. The prerendered first paint (no screen, no storage) is cards; the browser
 * corrects it before any match is shown (the list loads after hydration).
 */
export function usePredictionsView(): [PredictionsView, (view: PredictionsView) => void] {
  const view = useSyncExternalStore(subscribe, snapshot, () => 'cards' as const);
  const choose = useCallback((next: PredictionsView) => {
    chosen = next;
    try {
      window.localStorage.setItem(VIEW_STORAGE_KEY, next);
    } catch {
      // storage disabled: the choice lasts while the page is open
    }
    for (const listener of listeners) listener();
  }, []);
  return [view, choose];
}
