import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';

export type LegalSection = { heading: string; paragraphs: string[] };

/** A legal page (privacy, terms): numbered or named sections of plain paragraphs, then a line that links to the contact form. */
export function LegalPage({
  title,
  lastUpdated,
  sections,
  contactLead,
  contactLabel,
}: {
  title: string;
  lastUpdated: string;
  sections: LegalSection[];
  contactLead: ReactNode;
  contactLabel: string;
}) {
  return (
    <ContentLayout width="prose" title={title} description={`Last updated ${lastUpdated}.`}>
      <div className="space-y-10 leading-relaxed">
        {sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-xl font-semibold">{section.heading}</h2>
            <div className="mt-3 space-y-3 text-muted-foreground">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </section>
        ))}
        <p className="text-muted-foreground">
          {contactLead}{' '}
          <Link to={paths.contact.getHref()} className="font-medium text-primary underline underline-offset-4">
            {contactLabel}
          </Link>
          .
        </p>
      </div>
    </ContentLayout>
  );
}
