/** The bare address of a `Name <address>` mailbox (e.g. MAIL_FROM, where our support reads mail). */
export function addressOf(mailbox: string): string {
  return /<([^>]+)>/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();
}
