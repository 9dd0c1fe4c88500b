import type { MessageDictionary } from './types';

/** Messages of member care (modules/member-care): e-mail templates and newsletter images, with their event-log activities. */
export const memberCareMessages = {
  'memberCare.noClubAccount': {
    sv: 'Du har ingen klubb vald. Välj en klubb för att se och ändra e-postmallar.',
    en: 'You have no club account in use. Choose a club account to see and change e-mail templates.',
  },
  'memberCare.templateNotFound': { sv: 'E-postmallen finns inte', en: 'The e-mail template does not exist' },
  'memberCare.imageNotFound': { sv: 'Bilden finns inte', en: 'The image does not exist' },
  'memberCare.segmentNotFound': { sv: 'Segmentet finns inte', en: 'The segment does not exist' },
  'memberCare.unsubscribeInvalid': {
    sv: 'Länken för att avregistrera sig är ogiltig',
    en: 'The unsubscribe link is not valid',
  },
  'memberCare.event.unsubscribedEmail': {
    sv: 'En medlem avregistrerade sig från e-postutskick',
    en: 'A member unsubscribed from e-mail send-outs',
  },
  'memberCare.event.unsubscribedSms': {
    sv: 'En medlem avregistrerade sig från sms-utskick',
    en: 'A member unsubscribed from SMS send-outs',
  },
  'memberCare.unsubscribe.confirm.title': { sv: 'Avregistrera dig', en: 'Unsubscribe' },
  'memberCare.unsubscribe.confirm.text': {
    sv: 'Vill du inte längre få e-postutskick från klubben? Bekräfta nedan.',
    en: 'No longer want e-mail send-outs from the club? Confirm below.',
  },
  'memberCare.unsubscribe.button': { sv: 'Avregistrera mig', en: 'Unsubscribe me' },
  'memberCare.unsubscribe.done.title': { sv: 'Du är avregistrerad', en: 'You are unsubscribed' },
  'memberCare.unsubscribe.done.text': {
    sv: 'Du får inga fler utskick av det här slaget från klubben.',
    en: 'You will get no more send-outs of this kind from the club.',
  },
  'memberCare.sendoutNotFound': { sv: 'Utskicket finns inte', en: 'The send-out does not exist' },
  'memberCare.sendoutNotEditable': {
    sv: 'Utskicket har redan startats och kan inte ändras',
    en: 'The send-out has already started and cannot be changed',
  },
  'memberCare.sendoutSending': {
    sv: 'Utskicket pågår; avbryt det först',
    en: 'The send-out is under way; cancel it first',
  },
  'memberCare.sendoutNotCancellable': {
    sv: 'Bara schemalagda och pågående utskick kan avbrytas',
    en: 'Only scheduled send-outs and send-outs under way can be cancelled',
  },
  'memberCare.mail.unsubscribe': { sv: 'Avregistrera dig', en: 'Unsubscribe' },
  'memberCare.mail.unsubscribeText': {
    sv: 'Vill du inte få fler utskick från klubben?',
    en: 'No longer want send-outs from the club?',
  },
  'memberCare.recipient.unconfirmed': {
    sv: 'Skickat men inte bekräftat (avbrutet); kontrollera innan det skickas igen',
    en: 'Handed over but not confirmed (interrupted); check before sending again',
  },
  'memberCare.recipient.cancelled': {
    sv: 'Inte skickat: utskicket avbröts',
    en: 'Not sent: the send-out was cancelled',
  },
  'memberCare.recipient.smtp': { sv: 'E-postservern svarade: {detail}', en: 'The mail server answered: {detail}' },
  'memberCare.recipient.notDelivered': { sv: 'Sms:et kunde inte levereras', en: 'The SMS could not be delivered' },
  'memberCare.event.sendoutCreated': { sv: '{actor} skapade utskicket {title}', en: '{actor} created the send-out {title}' },
  'memberCare.event.sendoutUpdated': { sv: '{actor} ändrade utskicket {title}', en: '{actor} changed the send-out {title}' },
  'memberCare.event.sendoutDeleted': { sv: '{actor} tog bort utskicket {title}', en: '{actor} deleted the send-out {title}' },
  'memberCare.event.sendoutStarted': { sv: '{actor} startade utskicket {title}', en: '{actor} started the send-out {title}' },
  'memberCare.event.sendoutScheduled': {
    sv: '{actor} schemalade utskicket {title}',
    en: '{actor} scheduled the send-out {title}',
  },
  'memberCare.event.sendoutCancelled': { sv: '{actor} avbröt utskicket {title}', en: '{actor} cancelled the send-out {title}' },
  'memberCare.event.sendoutCancelledRunning': {
    sv: '{actor} avbröt utskicket {title} medan det skickades: {sent} skickade, {cancelled} skickas inte',
    en: '{actor} cancelled the send-out {title} while it was being sent: {sent} sent, {cancelled} will not be sent',
  },
  'memberCare.event.sendoutFinished': {
    sv: 'Utskicket {title} är klart: {sent} skickade, {failed} misslyckade eller att granska',
    en: 'The send-out {title} finished: {sent} sent, {failed} failed or to review',
  },
  'memberCare.event.sendoutRetrying': {
    sv: 'Utskicket {title} försöker igen (försök {attempt} av {attempts})',
    en: 'The send-out {title} is trying again (attempt {attempt} of {attempts})',
  },
  'memberCare.event.sendoutResumed': {
    sv: 'Utskicket {title} fortsätter efter ett avbrott (försök {attempt})',
    en: 'The send-out {title} resumes after an interruption (attempt {attempt})',
  },
  'memberCare.event.sendoutFailed': { sv: 'Utskicket {title} misslyckades', en: 'The send-out {title} failed' },
  'memberCare.categoryNotFound': { sv: 'Kategorin finns inte', en: 'The category does not exist' },
  'memberCare.memberNotFound': { sv: 'Medlemmen finns inte', en: 'The member does not exist' },
  /** The title a duplicated template gets. */
  'memberCare.copyTitle': { sv: '{title} (kopia)', en: '{title} (copy)' },
  'memberCare.templateCreated': {
    sv: '{actor} skapade e-postmallen {title}',
    en: '{actor} created the e-mail template {title}',
  },
  'memberCare.templateUpdated': {
    sv: '{actor} ändrade e-postmallen {title}',
    en: '{actor} changed the e-mail template {title}',
  },
  'memberCare.templateDeleted': {
    sv: '{actor} tog bort e-postmallen {title}',
    en: '{actor} deleted the e-mail template {title}',
  },
} as const satisfies MessageDictionary;
