import { HELP_SERVICES } from '@/config/help';

/** What each service is, by name. */
const DESCRIPTIONS: Record<string, string> = {
  BeGambleAware: 'Advice and support (UK)',
  GamCare: 'National Gambling Helpline (UK), 24/7',
  NCPG: 'National Council on Problem Gambling: the National Problem Gambling Helpline (US), call or text, 24/7',
  CCGNJ: 'Council on Compulsive Gambling of New Jersey: the 1-800-GAMBLER helpline, answered across the US, 24/7',
};

/** The help services with what each does, their sites and numbers. */
export function HelpServices() {
  return (
    <ul className="space-y-3">
      {HELP_SERVICES.map((service) => (
        <li key={service.name}>
          <a href={service.url} className="font-semibold text-primary underline underline-offset-4">
            {service.name}
          </a>
          {service.phone ? (
            <>
              {' '}
              <a href={service.phone.href} className="font-medium underline underline-offset-4">
                {service.phone.label}
              </a>
            </>
          ) : null}
          <span className="block text-sm text-muted-foreground">{DESCRIPTIONS[service.name]}</span>
        </li>
      ))}
    </ul>
  );
}
