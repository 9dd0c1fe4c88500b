import type { MessageDictionary } from './types';

/** Messages of connecting a club account to its accounting program (docs/accounting.md#connections). */
export const integrationsMessages = {
  'integrations.stateInvalid': {
    sv: 'Länken för att ansluta har gått ut eller redan använts. Starta anslutningen igen under Integrationer.',
    en: 'The connection link has expired or was already used. Start the connection again under Integrations.',
  },
  'integrations.consentRefused': {
    sv: 'Anslutningen avbröts i {provider}. Inget har ändrats; du kan försöka igen under Integrationer.',
    en: 'The connection was cancelled in {provider}. Nothing has changed; you can try again under Integrations.',
  },
  'integrations.useConnector': {
    sv: 'Visma Administration ansluts med kopplingsprogrammet, inte med inloggning.',
    en: 'Visma Administration is connected with the connector program, not by signing in.',
  },
  'integrations.notConnectedYet': {
    sv: 'Klubben är inte ansluten till sitt bokföringsprogram.',
    en: 'The club account is not connected to its accounting program.',
  },
  // What a connection to the built-in simulator is called in the lines below (connection/program.ts `reachedName`).
  'integrations.simulatorOf': {
    sv: 'simulatorn för {provider} (demo, inga data når {provider})',
    en: 'the {provider} simulator (demo, no data reaches {provider})',
  },
  'integrations.event.accountingConnected': {
    sv: '{user} anslöt {clubAccount} till {provider}',
    en: '{user} connected {clubAccount} to {provider}',
  },
  'integrations.event.accountingDisconnected': {
    sv: '{user} kopplade bort {clubAccount} från {provider}',
    en: '{user} disconnected {clubAccount} from {provider}',
  },
  'integrations.event.consentRevoked': {
    sv: 'Kopplingen mellan {clubAccount} och {provider} har upphört och behöver anslutas igen',
    en: 'The connection between {clubAccount} and {provider} has been lost and needs to be reconnected',
  },
  'integrations.notify.consentRevokedSubject': {
    sv: 'Anslut {provider} igen',
    en: 'Reconnect {provider}',
  },
  'integrations.notify.consentRevokedMessage': {
    sv: 'Kopplingen mellan {clubAccount} och {provider} har upphört. Inga uppgifter hämtas eller skickas förrän du ansluter igen under Integrationer.',
    en: 'The connection between {clubAccount} and {provider} has been lost. Nothing is fetched or sent until you reconnect under Integrations.',
  },
} as const satisfies MessageDictionary;
