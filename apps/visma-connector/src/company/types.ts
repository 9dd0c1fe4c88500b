/**
 * A Visma Administration company as the simulator keeps it: registers named and shaped after
 * the program's own (kundregister, artikelregister, kundfakturor, avtal, verifikationer, order,
 * koder), with its conventions — amounts in kronor with decimals, quantities with decimals,
 * Swedish field names. mapping.ts turns them into the portal's normalized shapes.
 *
 * `fairwayRef` is the free field where the connector keeps the portal's reference of a
 * document it created, so a create that is run twice finds the first document.
 */

export interface Kund {
  kundnr: string;
  namn: string;
  /** F = företag, P = privatperson. */
  kundtyp: 'F' | 'P';
  orgnr: string | null;
  inaktiv: boolean;
  postadress1: string | null;
  postadress2: string | null;
  postnr: string | null;
  ort: string | null;
  landkod: string | null;
  levAdress1: string | null;
  levAdress2: string | null;
  levPostnr: string | null;
  levOrt: string | null;
  levLandkod: string | null;
  telefon: string | null;
  telefon2: string | null;
  fax: string | null;
  epost: string | null;
  epostFaktura: string | null;
  hemsida: string | null;
  erReferens: string | null;
  varReferens: string | null;
  anteckningar: string | null;
  betalningsvillkor: string | null;
  leveransvillkor: string | null;
  valuta: string;
  prislista: string | null;
  /** Percent, e.g. 12.5. */
  fakturarabatt: number | null;
  /** Kronor. */
  faktureringsavgift: number | null;
  frakt: number | null;
  momstyp: 'SEVAT' | 'SEREVERSEDVAT' | 'EUREVERSEDVAT' | 'EUVAT' | 'EXPORT';
  forsaljningskonto: string | null;
  resultatenhet: string | null;
  projekt: string | null;
  /** Utskriftsval: E-post, E-faktura, Extern utskrift, Utskrift. */
  utskriftsval: Utskriftsval | null;
  blankett: string | null;
  fairwayRef: string | null;
  senastAndrad: string;
}

export type Utskriftsval = 'E-post' | 'E-faktura' | 'Extern utskrift' | 'Utskrift';

export interface Artikel {
  artnr: string;
  benamning: string;
  /** Lagervara or Tjänst. */
  artikeltyp: 'Lagervara' | 'Tjänst';
  enhet: string | null;
  inaktiv: boolean;
  utgaende: boolean;
  ean: string | null;
  tillverkare: string | null;
  tillverkarensArtnr: string | null;
  leverantor: string | null;
  lagerfors: boolean;
  lagerplats: string | null;
  lagersaldo: number | null;
  disponibelt: number | null;
  bestallningspunkt: number | null;
  /** Kronor. */
  lagervarde: number | null;
  kontoSverige: string | null;
  kontoEu: string | null;
  kontoExport: string | null;
  inkopskonto: string | null;
  momssats: number;
  /** Kronor ex moms, prislista A. */
  pris: number | null;
  inkopspris: number | null;
  breddMm: number | null;
  hojdMm: number | null;
  djupMm: number | null;
  viktGram: number | null;
  anteckning: string | null;
  fairwayRef: string | null;
  senastAndrad: string;
}

export interface Rad {
  artnr: string | null;
  benamning: string;
  antal: number;
  enhet: string | null;
  /** A-pris in kronor ex moms. */
  apris: number;
  momssats: number;
  /** Percent. */
  rabatt: number;
  resultatenhet: string | null;
  projekt: string | null;
}

export interface Inbetalning {
  betalningsnr: string;
  datum: string;
  /** Kronor. */
  belopp: number;
  fairwayRef: string | null;
  senastAndrad: string;
}

export interface Faktura {
  fakturanr: string;
  kundnr: string;
  kundnamn: string;
  fakturadatum: string;
  forfallodatum: string | null;
  betalningsvillkor: string | null;
  /** Kontantfaktura is paid on the spot. */
  fakturatyp: 'Faktura' | 'Kontantfaktura';
  valuta: string;
  erReferens: string | null;
  varReferens: string | null;
  text: string | null;
  resultatenhet: string | null;
  projekt: string | null;
  rader: Rad[];
  ocr: string | null;
  bokford: boolean;
  /** Makulerad: cancelled before it was booked. */
  makulerad: boolean;
  skickad: boolean;
  utskriftsval: Utskriftsval | null;
  /** Set on a kreditfaktura: the invoice it credits. */
  krediterar: string | null;
  /** Set on an invoice that a kreditfaktura credits. */
  krediteradAv: string | null;
  verifikationer: string[];
  avtalsnr: string | null;
  inbetalningar: Inbetalning[];
  fairwayRef: string | null;
  senastAndrad: string;
}

export interface Avtal {
  avtalsnr: string;
  kundnr: string;
  avtalsdatum: string;
  periodFrom: string;
  periodTom: string | null;
  /** Löpande: renews itself after the end of the period. */
  lopande: boolean;
  /** Avtalstid in months. */
  avtalstid: number;
  /** Months between invoices. */
  fakturaintervall: 1 | 3 | 6 | 12;
  aktiv: boolean;
  prisInklMoms: boolean;
  betalningsvillkor: string | null;
  erReferens: string | null;
  varReferens: string | null;
  text: string | null;
  resultatenhet: string | null;
  projekt: string | null;
  rader: Rad[];
  senastFakturerad: string | null;
  antalFakturor: number;
  avslutat: boolean;
  fairwayRef: string | null;
  senastAndrad: string;
}

export interface Verifikation {
  serie: string;
  vernr: string;
  datum: string;
  text: string;
  /** Kronor, the debit side. */
  belopp: number;
  transaktionsref: string | null;
  senastAndrad: string;
}

export interface Order {
  ordernr: string;
  kundnr: string;
  kundnamn: string;
  orderdatum: string;
  /** Kronor inkl moms. */
  summa: number;
  makulerad: boolean;
  senastAndrad: string;
}

/** Leverantör (the supplier register). */
export interface Leverantor {
  levnr: string;
  namn: string;
  orgnr: string | null;
  adress1: string | null;
  postnr: string | null;
  ort: string | null;
  epost: string | null;
  telefon: string | null;
  bankgiro: string | null;
  plusgiro: string | null;
  bankkonto: string | null;
  valuta: string;
  inaktiv: boolean;
  senastAndrad: string;
}

/** Leverantörsfaktura: `lopnr` is the program's own serial number, `fakturanr` the supplier's. */
export interface Leverantorsfaktura {
  lopnr: string;
  levnr: string;
  levnamn: string;
  fakturanr: string | null;
  ocr: string | null;
  fakturadatum: string;
  forfallodatum: string | null;
  valuta: string;
  /** Kronor inkl moms; negative for a credit. */
  summa: number;
  moms: number;
  text: string | null;
  /** Kostnadskonton, kronor exkl moms. */
  konteringar: { konto: string; text: string | null; belopp: number }[];
  bokford: boolean;
  makulerad: boolean;
  kredit: boolean;
  senastAndrad: string;
}

export interface Kod {
  kod: string;
  namn: string;
  dagar?: number;
  aktiv?: boolean;
}

export interface Foretag {
  namn: string;
  orgnr: string;
  adress1: string;
  adress2: string | null;
  postnr: string;
  ort: string;
  landkod: string;
  epost: string;
  telefon: string;
  /** The company folder among the PC's Visma companies. */
  databas: string;
}

export interface Company {
  /** The simulator's file format; a newer one is refused rather than misread. */
  format: 1;
  foretag: Foretag;
  koder: {
    enheter: Kod[];
    prislistor: Kod[];
    resultatenheter: Kod[];
    projekt: Kod[];
    betalningsvillkor: Kod[];
    leveransvillkor: Kod[];
  };
  /** Nästa nummer in each number series. */
  nummerserier: { kund: number; artikel: number; faktura: number; avtal: number; betalning: number; verifikation: number };
  kunder: Kund[];
  artiklar: Artikel[];
  fakturor: Faktura[];
  avtal: Avtal[];
  verifikationer: Verifikation[];
  order: Order[];
  /** Absent in company files saved before the supplier register was simulated. */
  leverantorer?: Leverantor[];
  leverantorsfakturor?: Leverantorsfaktura[];
}
