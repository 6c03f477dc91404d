import { utcMinute } from '../text.ts';
import type { StakePlan } from '@app/contracts/rules';
import type { EmailMessage, MailedContactMessage } from './ports.ts';

/** Plain-text and HTML bodies of every email the product sends. Values are escaped in the HTML. */
export interface TemplateContext {
  appOrigin: string;
  productName: string;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function html(title: string, paragraphs: string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;color:#111827;max-width:36rem;margin:0 auto;padding:1rem">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
}

const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;

export function verifyEmailMessage(ctx: TemplateContext, to: string, token: string): EmailMessage {
  const url = `${ctx.appOrigin}/verify-email?token=${encodeURIComponent(token)}`;
  const subject = `Confirm your email for ${ctx.productName}`;
  return {
    to,
    subject,
    text: `Welcome to ${ctx.productName}.\n\nConfirm that this is your email address by opening this link (valid for 24 hours):\n${url}\n\nIf you did not sign up, ignore this email.`,
    html: html(subject, [
      `Welcome to ${escapeHtml(ctx.productName)}.`,
      `Confirm that this is your email address: ${link(url, 'confirm my email')} (valid for 24 hours).`,
      'If you did not sign up, ignore this email.',
    ]),
  };
}

export function passwordResetMessage(ctx: TemplateContext, to: string, token: string): EmailMessage {
  const url = `${ctx.appOrigin}/reset-password?token=${encodeURIComponent(token)}`;
  const subject = `Reset your ${ctx.productName} password`;
  return {
    to,
    subject,
    text: `Someone asked to reset the password of this account.\n\nChoose a new password here (the link works once, for 30 minutes):\n${url}\n\nIf it was not you, ignore this email: your password stays as it is.`,
    html: html(subject, [
      'Someone asked to reset the password of this account.',
      `${link(url, 'Choose a new password')} (the link works once, for 30 minutes).`,
      'If it was not you, ignore this email: your password stays as it is.',
    ]),
  };
}

export type ContactMessageView = Omit<MailedContactMessage, 'userId'>;

export function contactToSupportMessage(ctx: TemplateContext, supportAddress: string, m: ContactMessageView): EmailMessage {
  const url = `${ctx.appOrigin}/admin/messages`;
  return {
    to: supportAddress,
    replyTo: m.email,
    subject: `[Contact] ${m.subject}`,
    text: `From: ${m.name} <${m.email}>\nReceived: ${m.createdAt}\n\n${m.body}\n\nInbox: ${url}`,
    html: html(`[Contact] ${m.subject}`, [
      `From: ${escapeHtml(m.name)} &lt;${escapeHtml(m.email)}&gt;<br>Received: ${escapeHtml(m.createdAt)}`,
      escapeHtml(m.body).replace(/\n/g, '<br>'),
      link(url, 'Open the inbox'),
    ]),
  };
}

/**
 * The acknowledgement of a contact message, sent only to a signed-in sender's confirmed address
 * and quoting nothing they typed: the form cannot turn it into mail to anyone else, or into a
 * message of the sender's choosing under our name (docs/decisions/0154-contact-acknowledgements.md).
 */
export function contactAcknowledgementMessage(ctx: TemplateContext, to: string, receivedAt: string): EmailMessage {
  const subject = `We received your message to ${ctx.productName}`;
  const when = utcMinute(receivedAt);
  return {
    to,
    subject,
    text: `Thank you for writing to ${ctx.productName}. We received your message of ${when} and answer within 24 hours.`,
    html: html(subject, [
      `Thank you for writing to ${escapeHtml(ctx.productName)}. We received your message of ${escapeHtml(when)} and answer within 24 hours.`,
    ]),
  };
}

/** To the owner of an address someone tried to sign up with again: how to get in, nothing changed. */
export function accountExistsMessage(ctx: TemplateContext, to: string): EmailMessage {
  const login = `${ctx.appOrigin}/login`;
  const reset = `${ctx.appOrigin}/forgot-password`;
  const subject = `Your ${ctx.productName} account`;
  return {
    to,
    subject,
    text: `Someone, maybe you, tried to create a ${ctx.productName} account with this email address. It already has one.\n\nLog in: ${login}\nForgot your password, or never confirmed this address? Choose a new password here: ${reset}\n\nIf it was not you, ignore this email: nothing has changed.`,
    html: html(subject, [
      `Someone, maybe you, tried to create a ${escapeHtml(ctx.productName)} account with this email address. It already has one.`,
      `${link(login, 'Log in')}. Forgot your password, or never confirmed this address? ${link(reset, 'Choose a new password')}.`,
      'If it was not you, ignore this email: nothing has changed.',
    ]),
  };
}

/** One line of a value-bet digest. */
export interface AlertLine {
  match: string;
  league: string;
  /** ISO-8601 UTC kickoff. */
  kickoff: string;
  selection: string;
  odds: number;
  bookmaker: string | null;
  /** Percent of the stake. */
  edge: number;
  url: string;
  /** ISO-8601 UTC: when the price was flagged (an alert as it appears says so). */
  asOf?: string;
  /** The suggested stake under the subscriber's plan: percent of the bankroll, and the bankroll in US dollars when they set one. */
  stake?: { percent: number; plan: StakePlan; bankroll?: number };
}

const PLAN_WORDS: Record<StakePlan, string> = { flat: 'flat', kelly: 'quarter-Kelly' };

/** Dollars to the cent with thousands separators: `$1,250.00`. */
const dollars = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The stake line the pages show, in the email: "stake $25.00 (1.0 % of $2,500, flat)", "stake 1.0 % of your bankroll
 * (flat)" until a bankroll is set, "no stake (quarter-Kelly: no edge at this price)".
 */
export function stakeLine({ percent, plan, bankroll }: NonNullable<AlertLine['stake']>): string {
  if (percent <= 0) return `no stake (${PLAN_WORDS[plan]}: no edge at this price)`;
  const share = `${percent.toFixed(1)} %`;
  if (bankroll === undefined) return `stake ${share} of your bankroll (${PLAN_WORDS[plan]})`;
  return `stake ${dollars((bankroll * percent) / 100)} (${share} of ${dollars(bankroll).replace(/\.00$/, '')}, ${PLAN_WORDS[plan]})`;
}

/**
 * The value-bet digest: the matching bets, what a value bet is and is not, 18+, and a one-click unsubscribe (RFC 8058:
 * `List-Unsubscribe` with the signed link, `List-Unsubscribe-Post` so a mail client can unsubscribe without opening
 * anything; the visible link opens a page with a button, because link scanners follow links).
 */
export function valueAlertMessage(
  ctx: TemplateContext,
  to: string,
  lines: AlertLine[],
  unsubscribeToken: string,
  kind: 'realtime' | 'digest' = 'digest',
): EmailMessage {
  const token = encodeURIComponent(unsubscribeToken);
  const oneClick = `${ctx.appOrigin}/api/alerts/unsubscribe?token=${token}`;
  const page = `${ctx.appOrigin}/alerts/unsubscribe?token=${token}`;
  const settings = `${ctx.appOrigin}/account`;
  const record = `${ctx.appOrigin}/analytics`;
  const plural = lines.length === 1 ? '' : 's';
  const subject =
    kind === 'realtime' ? `New value bet${plural}: ${lines.length} matching your alerts` : `${lines.length} value bet${plural} matching your alerts`;
  const asOf = (l: AlertLine) => (l.asOf ? `, as of ${l.asOf.slice(11, 16)} UTC` : '');
  const describe = (l: AlertLine) =>
    `${l.match} (${l.league}, ${utcMinute(l.kickoff)}): ${l.selection} @ ${l.odds.toFixed(2)}${l.bookmaker ? ` (${l.bookmaker})` : ''}${asOf(l)}, +${l.edge.toFixed(1)} % expected value against the sharp fair price${l.stake ? `; ${stakeLine(l.stake)}` : ''}`;
  const caution =
    "A value bet is a price above the sharp bookmaker's fair price (Pinnacle's, its margin removed), not a sure win: most value bets lose, and our record of them, with its interval, is on the analytics page. 18+ only. Bet only what you can afford to lose.";
  return {
    to,
    subject,
    text: `${lines.map((l) => `- ${describe(l)}\n  ${l.url}`).join('\n')}\n\n${caution}\nTrack record: ${record}\n\nChange your alerts: ${settings}\nUnsubscribe from these alerts: ${page}`,
    html: html(subject, [
      `<ul>${lines.map((l) => `<li>${link(l.url, l.match)}: ${escapeHtml(describe(l).slice(l.match.length + 1))}</li>`).join('')}</ul>`,
      `${escapeHtml(caution)} ${link(record, 'Track record')}.`,
      `${link(settings, 'Change your alerts')} · ${link(page, 'Unsubscribe from these alerts')}`,
    ]),
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
