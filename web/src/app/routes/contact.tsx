import { Clock, MessageSquareReply } from 'lucide-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { Card } from '@/components/ui/card';
import { CONTACT_REPLY_HOURS, SUPPORT_HOURS } from '@/config/product';
import { ContactForm } from '@/features/contact/components/contact-form';

export default function ContactRoute() {
  return (
    <ContentLayout title="Contact Us" documentTitle="Contact" description="Questions about predictions, your account or billing? Send us a message.">
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <Card className="sm:p-8">
          <ContactForm />
        </Card>
        <aside aria-label="Support information" className="space-y-4">
          <Card>
            <h2 className="flex items-center gap-2 font-semibold">
              <MessageSquareReply aria-hidden="true" className="size-5 text-primary" />
              Response time
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">We reply to every message within {CONTACT_REPLY_HOURS} hours.</p>
          </Card>
          <Card>
            <h2 className="flex items-center gap-2 font-semibold">
              <Clock aria-hidden="true" className="size-5 text-primary" />
              Support hours
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">{SUPPORT_HOURS}</p>
          </Card>
        </aside>
      </div>
    </ContentLayout>
  );
}
