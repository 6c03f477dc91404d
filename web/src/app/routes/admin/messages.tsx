import type { ContactMessage } from '@app/contracts/contact';
import { Mail, MailOpen } from 'lucide-react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { Badge } from '@/components/ui/badge';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useMarkMessageRead, useMessages } from '@/features/messages/api/messages';
import { EmailDelivery } from '@/features/messages/components/email-delivery';
import { RequireUser } from '@/lib/authorization';

const replyHref = (m: ContactMessage) => `mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`;

function MessageCard({ message }: { message: ContactMessage }) {
  const mark = useMarkMessageRead();
  return (
    <Card role="article" aria-label={`Message from ${message.name}: ${message.subject}`} className={message.read ? '' : 'border-primary/40'}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">{message.subject}</h2>
          <p className="text-sm text-muted-foreground">
            {message.name} &lt;{message.email}&gt; · <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString()}</time>
          </p>
        </div>
        <Badge>{message.read ? 'Read' : 'Unread'}</Badge>
      </div>
      <p className="mt-3 text-sm whitespace-pre-wrap">{message.message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={replyHref(message)} className={buttonStyles({ size: 'sm' })}>
          <Mail aria-hidden="true" />
          Reply by email
        </a>
        <Button size="sm" variant="outline" disabled={mark.isPending} onClick={() => mark.mutate({ id: message.id, read: !message.read })}>
          <MailOpen aria-hidden="true" />
          {message.read ? 'Mark as unread' : 'Mark as read'}
        </Button>
      </div>
    </Card>
  );
}

function Messages() {
  const messages = useMessages();
  const unread = messages.data?.messages.filter((m) => !m.read).length ?? 0;
  return (
    <ContentLayout title="Messages" description={messages.data ? `${unread} unread of ${messages.data.messages.length}` : 'Contact-form messages'}>
      {messages.isPending ? (
        <Spinner label="Loading messages" />
      ) : messages.isError ? (
        <p role="alert">Could not load the messages. Please try again.</p>
      ) : messages.data.messages.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <div className="space-y-4">
          {messages.data.messages.map((m) => (
            <MessageCard key={m.id} message={m} />
          ))}
        </div>
      )}
      <EmailDelivery />
    </ContentLayout>
  );
}

/** The contact inbox, and how email delivery goes. Admins only. */
export default function AdminMessagesRoute() {
  return <RequireUser role="admin">{() => <Messages />}</RequireUser>;
}
