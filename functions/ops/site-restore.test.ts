import { describe, expect, it } from 'vitest';
import { beforeLastDeploy, restorePlan, SiteRestoreError, type ObjectVersion } from './site-restore.ts';

// Two deploys: the first at 10:00 (index v1, app chunk a1, favicon), the second at 11:00 (index
// v2, a new chunk a2, a changed favicon, about.html pruned).
const versions: ObjectVersion[] = [
  { Key: 'index.html', VersionId: 'i2', IsLatest: true, LastModified: '2026-11-25T11:00:05.000Z' },
  { Key: 'index.html', VersionId: 'i1', IsLatest: false, LastModified: '2026-11-25T10:00:05.000Z' },
  { Key: 'assets/a1.js', VersionId: 'a1', IsLatest: true, LastModified: '2026-11-25T10:00:01.000Z' },
  { Key: 'assets/a2.js', VersionId: 'a2', IsLatest: true, LastModified: '2026-11-25T11:00:01.000Z' },
  { Key: 'favicon.svg', VersionId: 'f2', IsLatest: true, LastModified: '2026-11-25T11:00:04.000Z' },
  { Key: 'favicon.svg', VersionId: 'f1', IsLatest: false, LastModified: '2026-11-25T10:00:04.000Z' },
  { Key: 'about.html', VersionId: 'd1', IsLatest: true, LastModified: '2026-11-25T11:00:06.000Z', deleteMarker: true },
  { Key: 'about.html', VersionId: 'b1', IsLatest: false, LastModified: '2026-11-25T10:00:04.000Z' },
];

describe('restoring the previous SPA', () => {
  it('goes back to just before the last upload of the shell', () => {
    expect(beforeLastDeploy(versions).toISOString()).toBe('2026-11-25T11:00:04.999Z');
    expect(() => beforeLastDeploy(versions.filter((v) => v.VersionId !== 'i1'))).toThrow(SiteRestoreError);
  });

  it('copies back each file as it was, brings back a pruned one and removes what the last upload added', () => {
    expect(restorePlan(versions, new Date('2026-11-25T10:30:00.000Z'))).toEqual([
      { copy: { key: 'about.html', versionId: 'b1' } },
      { remove: { key: 'assets/a2.js' } },
      { copy: { key: 'favicon.svg', versionId: 'f1' } },
      { copy: { key: 'index.html', versionId: 'i1' } },
    ]);
    // The present needs nothing.
    expect(restorePlan(versions, new Date('2026-11-25T12:00:00.000Z'))).toEqual([]);
  });
});
