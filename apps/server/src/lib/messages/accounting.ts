import type { MessageDictionary } from './types';

/**
 * Messages of the accounting programs (providers/fortnox, visma-eekonomi, visma-admin) and of
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
  // Visma Administration connector (providers/visma-admin, modules/accounting/connector).
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
  // The mirror refresh (modules/accounting).
  'accounting.event.refreshed': {
    sv: 'Uppgifterna från bokföringsprogrammet uppdaterades: {customers} kunder, {articles} artiklar, {contracts} avtal, {invoices} fakturor',
    en: 'Data from the accounting program was refreshed: {customers} customers, {articles} articles, {contracts} contracts, {invoices} invoices',
  },
  'accounting.event.refreshFailed': {
    sv: 'Uppgifterna från bokföringsprogrammet kunde inte uppdateras',
    en: 'The data from the accounting program could not be refreshed',
  },
  'accounting.event.documentSkipped': {
    sv: 'Dokument {number} från bokföringsprogrammet kunde inte sparas i portalen och hoppades över',
    en: 'Document {number} from the accounting program could not be saved in the portal and was skipped',
  },
  'accounting.event.resourceRefused': {
    sv: 'Bokföringsprogrammet ger inte portalen tillgång till {resource}; de jämförs inte av dubblettkontrollen',
    en: 'The accounting program does not give the portal access to {resource}; they are not checked for duplicates',
  },
  'accounting.resourceRefused': {
    sv: 'Företaget saknar modulen i bokföringsprogrammet, eller så gjordes kopplingen utan den behörigheten. Koppla bokföringsprogrammet på nytt och godkänn alla behörigheter.',
    en: 'The company lacks the module in the accounting program, or the connection was made without that permission. Connect the accounting program again and approve every permission.',
  },
  'accounting.documentNotStorable': {
    sv: 'Ett värde i dokumentet kan inte sparas (t.ex. ett för stort tal eller ett ogiltigt datum). Rätta det i bokföringsprogrammet.',
    en: 'A value in the document cannot be saved (e.g. a number too large or an invalid date). Correct it in the accounting program.',
  },
  // Visma eEkonomi client (providers/visma-eekonomi): what the API cannot do, and its refusals.
  'accounting.visma.notSupported': {
    sv: 'Visma eEkonomi stöder inte detta: {feature}.',
    en: 'Visma eEkonomi does not support this: {feature}.',
  },
  'accounting.visma.feature.contracts': { sv: 'avtal', en: 'contracts' },
  'accounting.visma.feature.cancelInvoice': {
    sv: 'att makulera en bokförd faktura (kreditera den i stället)',
    en: 'cancelling a booked invoice (credit it instead)',
  },
  'accounting.visma.feature.einvoiceAfterCreate': {
    sv: 'att skicka en redan skapad faktura som e-faktura',
    en: 'sending an already created invoice as an e-invoice',
  },
  'accounting.visma.feature.externalPrint': { sv: 'extern utskrift', en: 'external print' },
  'accounting.visma.invoiceBookedAtCreation': {
    sv: 'Visma eEkonomi bokför fakturan när den skapas; en bokförd faktura kan inte ändras.',
    en: 'Visma eEkonomi books the invoice when it is created; a booked invoice cannot be changed.',
  },
  'accounting.visma.rowNeedsArticle': {
    sv: 'Rad {row}: Visma eEkonomi kräver en artikel på varje rad med belopp.',
    en: 'Row {row}: Visma eEkonomi requires an article on every row with an amount.',
  },
  'accounting.visma.noAccountCoding': {
    sv: 'Det finns ingen kontering i Visma eEkonomi för {type} med {vat} % moms.',
    en: 'There is no account coding in Visma eEkonomi for {type} with {vat} % VAT.',
  },
  'accounting.visma.unknownCode': {
    sv: '{list} {code} finns inte i Visma eEkonomi.',
    en: '{list} {code} does not exist in Visma eEkonomi.',
  },
  // The first row of a credit note the portal makes in Visma eEkonomi: it names the invoice credited.
  'accounting.visma.creditNoteRow': { sv: 'Kreditering av faktura {number}', en: 'Credit for invoice {number}' },
  'accounting.visma.invoiceAlreadyCredited': {
    sv: 'Fakturan är redan krediterad.',
    en: 'The invoice has already been credited.',
  },
  'accounting.visma.creditNoteNotCreditable': {
    sv: 'En kreditfaktura kan inte krediteras.',
    en: 'A credit note cannot be credited.',
  },
  'accounting.visma.startupGuideNotCompleted': {
    sv: 'Företaget har inte slutfört startguiden i Visma eEkonomi. Slutför den och försök igen.',
    en: 'The company has not completed the start-up guide in Visma eEkonomi. Complete it and try again.',
  },
  'accounting.visma.companyNotActive': {
    sv: 'Företaget är inte aktivt i Visma eEkonomi.',
    en: 'The company is not active in Visma eEkonomi.',
  },
  'accounting.visma.missingScopes': {
    sv: 'Kopplingen till Visma eEkonomi saknar behörighet för detta. Anslut igen och godkänn försäljning och bokföring.',
    en: 'The Visma eEkonomi connection lacks the permission for this. Reconnect and allow sales and accounting.',
  },
  'accounting.visma.moduleMissing': {
    sv: 'Visma eEkonomi-abonnemanget saknar modulen som krävs för detta.',
    en: 'The Visma eEkonomi subscription lacks the module this needs.',
  },
  'accounting.visma.noBankAccount': {
    sv: 'Företaget har inget aktivt checkkonto i Visma eEkonomi att registrera betalningen på. Lägg upp ett under Bankkonton i Visma eEkonomi och försök igen.',
    en: 'The company has no active cheque account in Visma eEkonomi to record the payment on. Add one under Bank accounts in Visma eEkonomi and try again.',
  },
  'accounting.visma.severalBankAccounts': {
    sv: 'Företaget har flera checkkonton i Visma eEkonomi ({accounts}) och inget är markerat som standard. Markera det konto som betalningarna kommer in på som standardkonto i Visma eEkonomi och försök igen.',
    en: 'The company has several cheque accounts in Visma eEkonomi ({accounts}) and none is marked as the default. Mark the account payments arrive on as the default in Visma eEkonomi and try again.',
  },
  'accounting.visma.ambiguousLostAnswer': {
    sv: 'Visma eEkonomi svarade inte, och det finns flera dokument som stämmer med det som skickades ({ids}). Kontrollera i Visma eEkonomi innan du försöker igen.',
    en: 'Visma eEkonomi did not answer, and several documents match what was sent ({ids}). Check in Visma eEkonomi before trying again.',
  },
  'accounting.visma.paymentVoucherAmbiguous': {
    sv: 'Visma eEkonomi har registrerat betalningen, men flera verifikationer stämmer med den ({ids}). Kontrollera i Visma eEkonomi vilken som är portalens; betalningen registreras inte igen.',
    en: "Visma eEkonomi registered the payment, but several vouchers match it ({ids}). Check in Visma eEkonomi which one is the portal's; the payment will not be registered again.",
  },
  'accounting.visma.paymentVoucherMissing': {
    sv: 'Visma eEkonomi har registrerat betalningen, men dess verifikation hittas inte. Kontrollera betalningen i Visma eEkonomi; den registreras inte igen.',
    en: 'Visma eEkonomi registered the payment, but its voucher cannot be found. Check the payment in Visma eEkonomi; it will not be registered again.',
  },
  'accounting.visma.invoiceAlreadyPaid': {
    sv: 'Fakturan är redan betald.',
    en: 'The invoice is already paid.',
  },
  // Fortnox client (providers/fortnox): state refusals Fortnox answers with its own codes.
  'accounting.fortnox.invoiceCancelled': {
    sv: 'Fakturan är makulerad i Fortnox.',
    en: 'The invoice is cancelled in Fortnox.',
  },
  'accounting.fortnox.invoiceNotBooked': {
    sv: 'Fakturan måste bokföras i Fortnox först.',
    en: 'The invoice must be booked in Fortnox first.',
  },
  'accounting.fortnox.invoiceAlreadyCredited': {
    sv: 'Fakturan är redan krediterad.',
    en: 'The invoice has already been credited.',
  },
  'accounting.fortnox.invoiceIsCredit': {
    sv: 'En kreditfaktura kan inte krediteras.',
    en: 'A credit note cannot be credited.',
  },
  'accounting.fortnox.paymentBooked': {
    sv: 'Inbetalningen är redan bokförd.',
    en: 'The payment is already booked.',
  },
  'accounting.fortnox.contractFinished': {
    sv: 'Avtalet är avslutat i Fortnox.',
    en: 'The contract is finished in Fortnox.',
  },
  'accounting.fortnox.contractInactive': {
    sv: 'Avtalet är inaktivt i Fortnox.',
    en: 'The contract is inactive in Fortnox.',
  },
  'accounting.fortnox.supplierInvoiceBooked': {
    sv: 'Leverantörsfakturan är bokförd i Fortnox och kan inte makuleras. Kreditera den i stället.',
    en: 'The supplier invoice is booked in Fortnox and cannot be cancelled. Credit it instead.',
  },
  'accounting.fortnox.supplierInvoiceNotBooked': {
    sv: 'Leverantörsfakturan måste bokföras i Fortnox först.',
    en: 'The supplier invoice must be booked in Fortnox first.',
  },
  'accounting.fortnox.supplierInvoiceCancelled': {
    sv: 'Leverantörsfakturan är makulerad i Fortnox.',
    en: 'The supplier invoice is cancelled in Fortnox.',
  },
  'accounting.fortnox.supplierInvoiceAlreadyCredited': {
    sv: 'Leverantörsfakturan är redan krediterad.',
    en: 'The supplier invoice has already been credited.',
  },
  'accounting.fortnox.orderInvoiced': {
    sv: 'Ordern är redan fakturerad i Fortnox och kan inte makuleras.',
    en: 'The order has already been invoiced in Fortnox and cannot be cancelled.',
  },
  'accounting.fortnox.orderCancelled': {
    sv: 'Ordern är redan makulerad i Fortnox.',
    en: 'The order is already cancelled in Fortnox.',
  },
  'accounting.fortnox.voucherUnbalanced': {
    sv: 'Verifikationen är inte i balans: debet och kredit måste vara lika.',
    en: 'The voucher does not balance: debit and credit must be equal.',
  },
  'accounting.fortnox.voucherSeriesMissing': {
    sv: 'Verifikationsserien finns inte i Fortnox.',
    en: 'The voucher series does not exist in Fortnox.',
  },
  'accounting.fortnox.financialYearMissing': {
    sv: 'Fortnox har inget räkenskapsår för datumet. Lägg upp räkenskapsåret i Fortnox och försök igen.',
    en: 'Fortnox has no financial year for the date. Create the financial year in Fortnox and try again.',
  },
  'accounting.fortnox.missingEmail': {
    sv: 'Kunden saknar e-postadress för fakturor.',
    en: 'The customer has no e-mail address for invoices.',
  },
  'accounting.fortnox.einvoiceNotPossible': {
    sv: 'Kunden kan inte ta emot e-faktura (organisationsnummer saknas).',
    en: 'The customer cannot receive e-invoices (organisation number missing).',
  },
} as const satisfies MessageDictionary;
