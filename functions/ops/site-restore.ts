// What `npm run site -- restore` does to the versioned site bucket, decided without touching it.

/** One entry of `aws s3api list-object-versions` (a version or a delete marker). */
export interface ObjectVersion {
  Key: string;
  VersionId: string;
  IsLatest: boolean;
  /** ISO-8601. */
  LastModified: string;
  /** Set on the entries from `DeleteMarkers`. */
  deleteMarker?: boolean;
}

export type RestoreAction = { copy: { key: string; versionId: string } } | { remove: { key: string } };

/** The file every upload writes last (the shell revalidated on every load): its versions mark the deploys. */
export const SHELL_KEY = 'index.html';

/** The class of errors of a restore that cannot be planned. */
export class SiteRestoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SiteRestoreError';
  }
}

/**
 * The instant just before the last upload: the latest version of the shell minus a millisecond.
 * Restoring the bucket to it brings back the previous SPA.
 */
export function beforeLastDeploy(versions: readonly ObjectVersion[]): Date {
  const shells = versions.filter((v) => v.Key === SHELL_KEY && !v.deleteMarker).sort((a, b) => b.LastModified.localeCompare(a.LastModified));
  if (shells.length < 2) throw new SiteRestoreError(`Only ${shells.length} version(s) of ${SHELL_KEY}: there is no previous SPA to restore`);
  return new Date(Date.parse(shells[0]!.LastModified) - 1);
}

/**
 * The copies and deletions that make every key of the bucket what it was at `at`: a key whose
 * version then differs from its latest gets that version copied over it; a key that did not
 * exist then (or was deleted) is deleted. Hashed assets written since are deleted too, which no
 * open page of the restored SPA needs.
 */
export function restorePlan(versions: readonly ObjectVersion[], at: Date): RestoreAction[] {
  const byKey = new Map<string, ObjectVersion[]>();
  for (const v of versions) byKey.set(v.Key, [...(byKey.get(v.Key) ?? []), v]);
  const actions: RestoreAction[] = [];
  for (const [key, list] of [...byKey].sort(([a], [b]) => a.localeCompare(b))) {
    const latest = list.find((v) => v.IsLatest);
    const then = list.filter((v) => Date.parse(v.LastModified) <= at.getTime()).sort((a, b) => b.LastModified.localeCompare(a.LastModified))[0];
    const existedThen = then && !then.deleteMarker;
    const existsNow = latest && !latest.deleteMarker;
    if (existedThen && then.VersionId !== latest?.VersionId) actions.push({ copy: { key, versionId: then.VersionId } });
    else if (!existedThen && existsNow) actions.push({ remove: { key } });
  }
  return actions;
}
