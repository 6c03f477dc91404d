/** A message sent through the contact form. */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  body: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** Set when the sender was signed in: the message is theirs (export, account deletion). */
  userId?: string;
  read: boolean;
}

export interface ContactMessageRepository {
  create(message: ContactMessage): Promise<void>;
  get(id: string): Promise<ContactMessage | undefined>;
  /** Newest first. */
  list(limit: number): Promise<ContactMessage[]>;
  setRead(id: string, read: boolean): Promise<void>;
  listByUser(userId: string): Promise<ContactMessage[]>;
}
