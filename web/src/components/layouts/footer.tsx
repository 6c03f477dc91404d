import { Link } from 'react-router-dom';

import { BRAND_NAME, BrandMark } from '@/components/layouts/brand';
import { footerNavGroups } from '@/components/layouts/nav-items';

export function Footer() {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_3fr] lg:px-8">
        <div className="max-w-sm space-y-3">
          <p className="flex items-center gap-2 font-bold">
            <BrandMark />
            {BRAND_NAME}
          </p>
          <p className="text-sm text-muted-foreground">
            Football match predictions from three weighted models, regenerated daily, with a track record computed from real
            results.
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {footerNavGroups.map((group) => (
            <div key={group.heading}>
              <h2 className="text-sm font-semibold">{group.heading}</h2>
              <ul className="mt-3 space-y-2">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className="rounded text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:px-6 md:flex-row md:justify-between lg:px-8">
          <p>
            &copy; {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
          </p>
          <p>Predictions are information, not betting advice. 18+ only. Please gamble responsibly.</p>
        </div>
      </div>
    </footer>
  );
}
