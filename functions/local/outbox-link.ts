/**
 * The token of the newest `path` link (e.g. '/verify-email') emailed to `email`, read from a
 * running local stack's outbox (`GET <base>/__local/mail.json`) as its owner would read it; waits
 * for the email consumer. For the operator scripts that sign up an account (restart check, bench).
 */
export async function emailedToken(base: string, email: string, path: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const link = new RegExp(`${path}\\?token=([\\w.%-]+)`);
  while (Date.now() < deadline) {
    const mails = (await fetch(`${base}/__local/mail.json`).then((r) => r.json())) as Array<{ to: string; text: string }>;
    const match = mails.map((m) => (m.to === email ? link.exec(m.text) : null)).find(Boolean);
    if (match) return decodeURIComponent(match[1]!);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No ${path} link emailed to ${email} within ${timeoutMs / 1000} s`);
}
