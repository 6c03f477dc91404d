/** Labelled figures in a grid (a definition list): the label muted, the figure bold in tabular digits. */
export function Figures({ items, className }: { items: ReadonlyArray<readonly [label: string, value: string]>; className: string }) {
  return (
    <dl className={className}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
