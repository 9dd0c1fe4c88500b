import type { MessageDictionary } from '../i18n';

/**
 * Messages of the accounting programs (integrations/fortnox, visma-eekonomi, visma-admin) and of
 * the accounting-data features. Provider clients map their error codes onto these keys.
 */
export const accountingMessages = {
  'accounting.notConnected': {
    sv: 'Klubben är inte ansluten till något bokföringsprogram. Anslut under Integrationer.',
    en: 'The club account is not connected to an accounting program. Connect it under Integrations.',
  },
  'accounting.consentRevoked': {
    sv: 'Kopplingen till {provider} har upphört. Anslut igen under Integrationer.',
    en: 'The connection to {provider} has been lost. Reconnect it under Integrations.',
  },
  'accounting.installationNeeded': {
    sv: 'Visma-kopplingen är inte installerad. Installera kopplingsprogrammet på datorn där Visma Administration finns.',
    en: 'The Visma connector is not installed. Install the connector on the computer that runs Visma Administration.',
  },
  'accounting.connectorOffline': {
    sv: 'Visma-kopplingen svarar inte. Kontrollera att datorn med kopplingsprogrammet är igång; arbetet väntar tills den är tillbaka.',
    en: 'The Visma connector is not responding. Check that the computer running it is on; the work waits until it is back.',
  },
  'accounting.licenceMissing': {
    sv: '{provider} saknar licens för integrationen. Kontrollera att API-licensen är aktiverad.',
    en: '{provider} lacks the licence for the integration. Check that the API licence is activated.',
  },
  'accounting.rateLimited': {
    sv: '{provider} tar emot för många anrop just nu. Försök igen om en stund.',
    en: '{provider} is receiving too many requests right now. Try again shortly.',
  },
  'accounting.unavailable': {
    sv: '{provider} svarar inte just nu. Försök igen om en stund.',
    en: '{provider} is not answering right now. Try again shortly.',
  },
  'accounting.timeout': {
    sv: '{provider} svarade inte i tid. Försök igen om en stund.',
    en: '{provider} did not answer in time. Try again shortly.',
  },
  'accounting.rejected': {
    sv: '{provider} avvisade ändringen: {detail}',
    en: '{provider} refused the change: {detail}',
  },
  'accounting.customerMissing': {
    sv: 'Kunden finns inte i bokföringsprogrammet.',
    en: 'The customer does not exist in the accounting program.',
  },
  'accounting.articleMissing': {
    sv: 'Artikeln finns inte i bokföringsprogrammet.',
    en: 'The article does not exist in the accounting program.',
  },
  'accounting.invoiceMissing': {
    sv: 'Fakturan finns inte i bokföringsprogrammet.',
    en: 'The invoice does not exist in the accounting program.',
  },
  'accounting.contractMissing': {
    sv: 'Avtalet finns inte i bokföringsprogrammet.',
    en: 'The contract does not exist in the accounting program.',
  },
  'accounting.documentMissing': {
    sv: 'Dokumentet finns inte i bokföringsprogrammet.',
    en: 'The document does not exist in the accounting program.',
  },
  'accounting.customerNumberInUse': {
    sv: 'Kundnumret används redan.',
    en: 'The customer number is already in use.',
  },
  'accounting.articleNumberInUse': {
    sv: 'Artikelnumret används redan.',
    en: 'The article number is already in use.',
  },
  'accounting.accountNotFound': {
    sv: 'Kontot {account} finns inte i kontoplanen.',
    en: 'Account {account} does not exist in the chart of accounts.',
  },
  'accounting.invoiceBooked': {
    sv: 'Fakturan är bokförd och kan inte längre ändras.',
    en: 'The invoice is booked and can no longer be changed.',
  },
  // Visma Administration connector (integrations/visma-admin, modules/connector).
  'accounting.connector.unauthorized': {
    sv: 'Kopplingsprogrammet är inte behörigt.',
    en: 'The connector is not authorised.',
  },
  'accounting.connector.keyMissing': {
    sv: 'Anropet saknar kopplingsnyckel (Authorization: Bearer <nyckel>).',
    en: 'The call has no connector key (Authorization: Bearer <key>).',
  },
  'accounting.connector.keyInvalid': {
    sv: 'Kopplingsnyckeln är ogiltig eller har ersatts. Hämta den aktuella nyckeln under Integrationer.',
    en: 'The connector key is invalid or has been replaced. Get the current key under Integrations.',
  },
  'accounting.connector.workNotFound': {
    sv: 'Uppgiften finns inte.',
    en: 'The work item does not exist.',
  },
  'accounting.connectorOfflineRead': {
    sv: 'Visma-kopplingen svarar inte, så uppgifterna kan inte hämtas från Visma Administration just nu. Kontrollera att datorn med kopplingsprogrammet är igång.',
    en: 'The Visma connector is not responding, so the data cannot be fetched from Visma Administration right now. Check that the computer running it is on.',
  },
  'accounting.connectorWorkQueued': {
    sv: 'Visma Administration har inte svarat ännu. Ändringen ligger kvar i kön och utförs när kopplingen svarar.',
    en: 'Visma Administration has not answered yet. The change stays queued and is carried out when the connector answers.',
  },
  'accounting.connectorBadAnswer': {
    sv: 'Visma-kopplingen gav ett svar som inte gick att läsa. Uppdatera kopplingsprogrammet.',
    en: 'The Visma connector gave an answer that could not be read. Update the connector.',
  },
} as const satisfies MessageDictionary;
