import type { MessageDictionary } from './types';

/**
 * Messages of the run engine (lib/runs): why a run was given up, and the event-log lines of each
 * kind's retries and resumes (a kind's success and final failure lines are its module's).
 */
export const runsMessages = {
  'runs.abandoned': {
    sv: 'Körningen avbröts {attempts} gånger och gavs upp. Starta den igen: det som redan är gjort görs inte om.',
    en: 'The run was interrupted {attempts} times and given up. Start it again: what is already done is not done twice.',
  },
  'runs.accountingRefresh.retrying': {
    sv: 'Uppdateringen från bokföringsprogrammet försöks igen (försök {attempt} av {attempts} misslyckades)',
    en: 'The refresh from the accounting program will be tried again (attempt {attempt} of {attempts} failed)',
  },
  'runs.accountingRefresh.resumed': {
    sv: 'Uppdateringen från bokföringsprogrammet avbröts (servern startades om) och fortsätter där den slutade',
    en: 'The refresh from the accounting program was interrupted (the server restarted) and goes on where it stopped',
  },
  'runs.gitRefresh.retrying': {
    sv: 'Uppdateringen av GIT-data försöks igen (försök {attempt} av {attempts} misslyckades)',
    en: 'The GIT data refresh will be tried again (attempt {attempt} of {attempts} failed)',
  },
  'runs.gitRefresh.resumed': {
    sv: 'Uppdateringen av GIT-data avbröts (servern startades om) och fortsätter där den slutade',
    en: 'The GIT data refresh was interrupted (the server restarted) and goes on where it stopped',
  },
  'runs.gitSync.retrying': {
    sv: 'Synkningen från GIT försöks igen (försök {attempt} av {attempts} misslyckades)',
    en: 'The sync from GIT will be tried again (attempt {attempt} of {attempts} failed)',
  },
  'runs.gitSync.resumed': {
    sv: 'Synkningen från GIT avbröts (servern startades om) och fortsätter där den slutade; inget görs två gånger',
    en: 'The sync from GIT was interrupted (the server restarted) and goes on where it stopped; nothing is done twice',
  },
  'runs.gitReport.retrying': {
    sv: 'Återrapporteringen till GIT försöks igen (försök {attempt} av {attempts} misslyckades)',
    en: 'The report back to GIT will be tried again (attempt {attempt} of {attempts} failed)',
  },
  'runs.gitReport.resumed': {
    sv: 'Återrapporteringen till GIT avbröts (servern startades om) och fortsätter där den slutade; inget rapporteras två gånger',
    en: 'The report back to GIT was interrupted (the server restarted) and goes on where it stopped; nothing is reported twice',
  },
  'runs.receiptSendOut.retrying': {
    sv: 'Utskicket av kvitton försöks igen (försök {attempt} av {attempts} misslyckades)',
    en: 'The receipt send-out will be tried again (attempt {attempt} of {attempts} failed)',
  },
  'runs.receiptSendOut.resumed': {
    sv: 'Utskicket av kvitton avbröts (servern startades om) och fortsätter där det slutade; inget kvitto skickas två gånger',
    en: 'The receipt send-out was interrupted (the server restarted) and goes on where it stopped; no receipt is sent twice',
  },
  'runs.export.retrying': {
    sv: 'Exporten {start} – {end} försöks igen (försök {attempt} av {attempts} misslyckades)',
    en: 'The export {start} – {end} will be tried again (attempt {attempt} of {attempts} failed)',
  },
  'runs.export.resumed': {
    sv: 'Exporten {start} – {end} avbröts (servern startades om) och görs om',
    en: 'The export {start} – {end} was interrupted (the server restarted) and is made again',
  },
} as const satisfies MessageDictionary;
