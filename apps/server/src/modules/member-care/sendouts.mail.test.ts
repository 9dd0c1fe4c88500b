import { type ParsedMail, simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildMail, type MailSender, mailOptions, memberMailBuilder } from './sendouts.mail';

/**
 * A send-out's messages are put together by memberMailBuilder, not nodemailer's composer: read
 * back, each must say what nodemailer's message of the same options says (sendouts.mail.ts).
 */

const SENDOUT = '7f1c2a3b-1111-4222-8333-444455556666';
const URL = `https://app.example.se/api/v1/member_care/unsubscribe/AQ${'x'.repeat(90)}`;
const MAIL = {
  subject: 'Hej Örjan, säsongen börjar – Ågrenska GK har en lång ämnesrad som viks över flera rader',
  html: `<!doctype html><html><body><p>Hej Örjan!</p>\n.<p>${'Välkommen åter, Märta! '.repeat(40)}</p></body></html>`,
  text: 'Hej Örjan!\n.En rad som börjar med punkt\r\nSaldo: 1 250,00 kr\n',
};

const read = (mail: ParsedMail) => ({
  subject: mail.subject,
  from: mail.from?.text,
  replyTo: mail.replyTo?.text,
  to: (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text,
  text: mail.text,
  html: mail.html,
  listUnsubscribe: mail.headers.get('list-unsubscribe'),
  listUnsubscribePost: mail.headers.get('list-unsubscribe-post'),
  template: mail.headers.get('x-fairway-template'),
  sendout: mail.headers.get('x-fairway-sendout'),
});

describe('memberMailBuilder', () => {
  const senders: [string, MailSender][] = [
    [
      'a named sender and reply-to with Swedish letters',
      {
        from: { name: 'Ågrenska GK – Kansliet', address: 'noreply@example.se' },
        replyTo: 'Kansliet "Ö" <kansli@agrenska.se>, info@agrenska.se',
        clubName: 'Ågrenska GK',
        perMinute: 600,
      },
    ],
    [
      'MAIL_FROM as written, no reply-to',
      { from: 'Fairway <noreply@example.se>', replyTo: undefined, clubName: 'x', perMinute: 600 },
    ],
  ];
  for (const [name, sender] of senders) {
    it(`gives the message nodemailer gives: ${name}`, async () => {
      for (const url of [URL, null]) {
        const build = memberMailBuilder(sender, SENDOUT);
        const ours = build?.('orjan.aberg@example.se', MAIL, url);
        if (!ours) throw new Error('no message built');
        const theirs = await buildMail(mailOptions(sender, 'orjan.aberg@example.se', MAIL, url, SENDOUT));
        const [a, b] = await Promise.all([simpleParser(ours.message), simpleParser(theirs.message)]);
        expect(read(a)).toEqual(read(b));
        expect(read(a).subject).toBe(MAIL.subject);
        expect(a.messageId).toBe(ours.messageId);
        expect(ours.messageId).toMatch(/^<[0-9a-f-]{36}@example\.se>$/);
        expect(ours.envelope).toEqual(theirs.envelope);
        // Lines stay within what SMTP carries, each ending CRLF.
        const lines = ours.message.toString('latin1').split('\r\n');
        expect(lines.every((line) => line.length <= 998 && !line.includes('\n'))).toBe(true);
        expect(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m.test(ours.message.toString())).toBe(url !== null);
      }
    });
  }

  it('leaves an international address, and a sender whose address is one, to nodemailer', () => {
    const sender = senders[0]?.[1] as MailSender;
    expect(memberMailBuilder(sender, SENDOUT)?.('örjan@exempel.se', MAIL, URL)).toBeNull();
    expect(memberMailBuilder({ ...sender, from: { name: 'GK', address: 'kansli@ågrenska.se' } }, SENDOUT)).toBeNull();
  });
});
