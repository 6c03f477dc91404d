import type { MyBetsImportReport } from '@app/contracts/my-bets';
import { useId, useState, type ChangeEvent } from 'react';

import { Button } from '@/components/ui/button';
import { useImportBets } from '@/features/my-bets/api/my-bets';
import { errorText } from './take-bet';

function Report({ report }: { report: MyBetsImportReport }) {
  return (
    <div role="status" className="space-y-1 text-sm">
      <p>
        {report.imported
          ? `Imported ${report.imported} bets.`
          : `${report.rows} rows read: ${report.kept} can be imported, ${report.refused.length} refused${report.refused.length ? ', so nothing will be imported' : ''}.`}
      </p>
      {report.refused.length ? (
        <ul aria-label="Refused rows" className="list-disc pl-5">
          {report.refused.map((r) => (
            <li key={`${r.row}-${r.reason}`}>{r.row ? `Row ${r.row}: ${r.reason}` : r.reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A CSV of past bets in the export's own format: read in a dry run first (which rows would be kept,
 * which refused and why), then imported whole with one more tap; a file with a refused row imports nothing.
 */
export function ImportBets() {
  const id = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const run = useImportBets();
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    run.mutate({ csv: text, dryRun: true });
  };
  const report = run.data;
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          CSV file (as downloaded from this page)
        </label>
        <input id={id} type="file" accept=".csv,text/csv" onChange={(event) => void choose(event)} className="text-sm" />
      </div>
      {run.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(run.error)}
        </p>
      ) : report ? (
        <Report report={report} />
      ) : null}
      {report?.dryRun && report.kept > 0 && report.refused.length === 0 && csv ? (
        <Button size="sm" disabled={run.isPending} onClick={() => run.mutate({ csv, dryRun: false })}>
          Import {report.kept} bets
        </Button>
      ) : null}
    </div>
  );
}
