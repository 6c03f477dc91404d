import { Link } from 'react-router-dom';

import { BRAND_NAME, BrandMark } from '@/components/layouts/brand';
import { footerNavGroups } from '@/components/layouts/nav-items';
import { paths } from '@/config/paths';
import { HELP_SERVICES } from '@/config/help';

/** The line every page carries (docs/responsible-gambling.md#what-is-shown-where). */
export const RESPONSIBLE_GAMBLING_LINE = '18+ | Gamble responsibly';

/** 18+, where help is, and the page that explains breaks, self-exclusion and what a probability promises. */
function ResponsibleGambling() {
  return (
    <section aria-labelledby="footer-rg" className="border-t border-border">
      <div className="mx-auto max-w-7xl space-y-3 px-4 py-6 text-sm sm:px-6 lg:px-8">
        <p>
          <strong id="footer-rg" className="font-semibold">
            {RESPONSIBLE_GAMBLING_LINE}
          </strong>
          <span className="text-muted-foreground">. Predictions are probabilities, not certainties, and not betting advice. </span>
          <Link to={paths.responsibleGambling.getHref()} className="rounded font-medium text-primary underline underline-offset-4">
            Responsible gambling: take a break or self-exclude
          </Link>
        </p>
        <ul aria-label="Gambling help" className="flex flex-wrap gap-x-6 gap-y-2 text-muted-foreground">
          {HELP_SERVICES.map((service) => (
            <li key={service.name}>
              <a href={service.url} className="rounded font-medium text-foreground underline underline-offset-4">
                {service.name}
              </a>
              {service.phone ? (
                <>
                  {' '}
                  <a href={service.phone.href} className="rounded underline underline-offset-4" aria-label={`Call ${service.name} on ${service.phone.label}`}>
                    {service.phone.label}
                  </a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

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
            Football match predictions from three weighted models, regenerated daily, with a track record computed from real results.
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
      <ResponsibleGambling />
      <div className="border-t border-border">
        <div className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted-foreground sm:px-6 lg:px-8">
          <p>
            &copy; {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
