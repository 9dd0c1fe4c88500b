import { ocrOf } from './mapping';
import type { Artikel, Avtal, Company, Faktura, Kund, Leverantor, Leverantorsfaktura, Rad } from './types';

/**
 * A new simulated company: Sjöviks Golfklubb, an ideell förening with members, a sponsor and
 * the restaurant tenant, the club's fees and shop articles (membership fees without VAT, green
 * fees and range at 6 %, the restaurant at 12 %, shop goods at 25 %), a season of invoices in
 * every state, membership contracts (avtal), vouchers and orders.
 */

const STAMP = '2026-01-10T08:00:00.000Z';

export function kund(kundnr: string, namn: string, fields: Partial<Kund>): Kund {
  return {
    kundnr,
    namn,
    kundtyp: 'P',
    orgnr: null,
    inaktiv: false,
    postadress1: null,
    postadress2: null,
    postnr: null,
    ort: null,
    landkod: 'SE',
    levAdress1: null,
    levAdress2: null,
    levPostnr: null,
    levOrt: null,
    levLandkod: null,
    telefon: null,
    telefon2: null,
    fax: null,
    epost: null,
    epostFaktura: null,
    hemsida: null,
    erReferens: null,
    varReferens: 'Kansliet',
    anteckningar: null,
    betalningsvillkor: '30',
    leveransvillkor: null,
    valuta: 'SEK',
    prislista: 'A',
    fakturarabatt: null,
    faktureringsavgift: null,
    frakt: null,
    momstyp: 'SEVAT',
    forsaljningskonto: null,
    resultatenhet: null,
    projekt: null,
    utskriftsval: 'E-post',
    blankett: null,
    fairwayRef: null,
    senastAndrad: STAMP,
    ...fields,
  };
}

export function artikel(
  artnr: string,
  benamning: string,
  pris: number | null,
  momssats: number,
  fields: Partial<Artikel> = {},
): Artikel {
  return {
    artnr,
    benamning,
    artikeltyp: 'Tjänst',
    enhet: 'st',
    inaktiv: false,
    utgaende: false,
    ean: null,
    tillverkare: null,
    tillverkarensArtnr: null,
    leverantor: null,
    lagerfors: false,
    lagerplats: null,
    lagersaldo: null,
    disponibelt: null,
    bestallningspunkt: null,
    lagervarde: null,
    kontoSverige: momssats === 0 ? '3010' : momssats === 6 ? '3011' : momssats === 12 ? '3012' : '3001',
    kontoEu: null,
    kontoExport: null,
    inkopskonto: null,
    momssats,
    pris,
    inkopspris: null,
    breddMm: null,
    hojdMm: null,
    djupMm: null,
    viktGram: null,
    anteckning: null,
    fairwayRef: null,
    senastAndrad: STAMP,
    ...fields,
  };
}

const rad = (artnr: string, benamning: string, antal: number, apris: number, momssats: number, enhet = 'st'): Rad => ({
  artnr,
  benamning,
  antal,
  enhet,
  apris,
  momssats,
  rabatt: 0,
  resultatenhet: null,
  projekt: null,
});

function faktura(fakturanr: string, k: Kund, fakturadatum: string, rader: Rad[], fields: Partial<Faktura> = {}): Faktura {
  const due = new Date(`${fakturadatum}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 30);
  return {
    fakturanr,
    kundnr: k.kundnr,
    kundnamn: k.namn,
    fakturadatum,
    forfallodatum: due.toISOString().slice(0, 10),
    betalningsvillkor: '30',
    fakturatyp: 'Faktura',
    valuta: 'SEK',
    erReferens: null,
    varReferens: 'Kansliet',
    text: null,
    resultatenhet: null,
    projekt: null,
    rader,
    ocr: ocrOf(fakturanr),
    bokford: true,
    makulerad: false,
    skickad: true,
    utskriftsval: 'E-post',
    krediterar: null,
    krediteradAv: null,
    verifikationer: [],
    avtalsnr: null,
    inbetalningar: [],
    fairwayRef: null,
    senastAndrad: `${fakturadatum}T09:00:00.000Z`,
    ...fields,
  };
}

function avtal(avtalsnr: string, k: Kund, periodFrom: string, rader: Rad[], fields: Partial<Avtal> = {}): Avtal {
  return {
    avtalsnr,
    kundnr: k.kundnr,
    avtalsdatum: periodFrom,
    periodFrom,
    periodTom: null,
    lopande: true,
    avtalstid: 12,
    fakturaintervall: 12,
    aktiv: true,
    prisInklMoms: false,
    betalningsvillkor: '30',
    erReferens: null,
    varReferens: 'Kansliet',
    text: null,
    resultatenhet: '40',
    projekt: null,
    rader,
    senastFakturerad: null,
    antalFakturor: 0,
    avslutat: false,
    fairwayRef: null,
    senastAndrad: STAMP,
    ...fields,
  };
}

function leverantor(levnr: string, namn: string, fields: Partial<Leverantor>): Leverantor {
  return {
    levnr,
    namn,
    orgnr: null,
    adress1: null,
    postnr: null,
    ort: null,
    epost: null,
    telefon: null,
    bankgiro: null,
    plusgiro: null,
    bankkonto: null,
    valuta: 'SEK',
    inaktiv: false,
    senastAndrad: STAMP,
    ...fields,
  };
}

/** Supplier invoices for Dubbelkoll (docs/duplicates.md): rent every month (not duplicates), one entered twice, one with a typo. */
function leverantorsfakturor(leverantorer: Leverantor[]): Leverantorsfaktura[] {
  const name = (levnr: string) => leverantorer.find((l) => l.levnr === levnr)?.namn ?? '';
  let lopnr = 1;
  const faktura = (
    levnr: string,
    fakturanr: string,
    fakturadatum: string,
    summa: number,
    konto: string,
    text: string,
    fields: Partial<Leverantorsfaktura> = {},
  ): Leverantorsfaktura => ({
    lopnr: String(lopnr++),
    levnr,
    levnamn: name(levnr),
    fakturanr,
    ocr: null,
    fakturadatum,
    forfallodatum: fakturadatum.replace(/-(\d\d)$/, '-28'),
    valuta: 'SEK',
    summa,
    moms: Math.round(summa * 20) / 100,
    text,
    konteringar: [{ konto, text, belopp: Math.round(summa * 80) / 100 }],
    bokford: true,
    makulerad: false,
    kredit: false,
    senastAndrad: `${fakturadatum}T09:00:00.000Z`,
    ...fields,
  });
  return [
    faktura('1', 'H-2026-01', '2026-01-01', 42500, '5010', 'Hyra maskinhall januari'),
    faktura('1', 'H-2026-02', '2026-02-01', 42500, '5010', 'Hyra maskinhall februari'),
    faktura('1', 'H-2026-03', '2026-03-01', 42500, '5010', 'Hyra maskinhall mars'),
    faktura('2', '77120', '2026-01-20', 18750, '5460', 'Service greenklippare', { ocr: '2771206' }),
    faktura('3', 'SG-40418', '2026-02-11', 31250, '4010', 'Inköp shopvaror vår'),
    faktura('2', '77120', '2026-01-27', 18750, '5460', 'Service greenklippare', { ocr: '2771206', bokford: false }),
    faktura('3', 'SG-40481', '2026-02-14', 31250, '4010', 'Inköp shopvaror vår', { bokford: false }),
  ];
}

export function seedCompany(): Company {
  const leverantorer = [
    leverantor('1', 'Fastighets AB Greenen', { orgnr: '556701-2345', bankgiro: '5050-1055', ort: 'Lidingö' }),
    leverantor('2', 'Golfbanemaskiner i Mälardalen AB', { orgnr: '556812-3344', bankgiro: '5432-1098', ort: 'Västerås' }),
    leverantor('3', 'Sportgrossisten AB', { orgnr: '556123-4567', plusgiro: '4711-3', ort: 'Mölndal' }),
    leverantor('4', 'Golfkonsult Eriksson AB', { bankkonto: 'SE45 5000 0000 0583 9825 7466', ort: 'Danderyd' }),
  ];
  const anna = kund('1001', 'Anna Lindqvist', {
    postadress1: 'Björkvägen 12',
    postnr: '187 45',
    ort: 'Täby',
    telefon: '070-123 45 67',
    epost: 'anna.lindqvist@example.se',
  });
  const erik = kund('1002', 'Erik Johansson', {
    postadress1: 'Stora Gatan 5',
    postnr: '184 30',
    ort: 'Åkersberga',
    telefon: '073-555 12 34',
    epost: 'erik.johansson@example.se',
  });
  const karin = kund('1003', 'Karin Nilsson', {
    postadress1: 'Sjövägen 3',
    postadress2: 'Lgh 1102',
    postnr: '184 91',
    ort: 'Åkersberga',
    epost: 'karin.nilsson@example.se',
  });
  const lars = kund('1004', 'Lars Andersson', {
    postadress1: 'Ekbacken 8',
    postnr: '187 70',
    ort: 'Täby',
    epost: 'lars.andersson@example.se',
    utskriftsval: 'Utskrift',
  });
  const maja = kund('1005', 'Maja Eriksson', {
    postadress1: 'Ängsvägen 21',
    postnr: '184 60',
    ort: 'Åkersberga',
    epost: 'maja.eriksson@example.se',
    anteckningar: 'Junior, målsman Peter Eriksson',
  });
  const johan = kund('1006', 'Johan Berg', {
    postadress1: 'Granstigen 4',
    postnr: '187 52',
    ort: 'Täby',
    inaktiv: true,
    anteckningar: 'Utträde 2025-12-31',
  });
  const bygg = kund('2001', 'Roslagens Bygg AB', {
    kundtyp: 'F',
    orgnr: '556677-8899',
    postadress1: 'Box 112',
    postnr: '184 22',
    ort: 'Åkersberga',
    telefon: '08-540 600 00',
    epost: 'info@roslagensbygg.example.se',
    epostFaktura: 'faktura@roslagensbygg.example.se',
    erReferens: 'Mats Holm',
    utskriftsval: 'E-faktura',
  });
  const greenside = kund('2002', 'Restaurang Greenside AB', {
    kundtyp: 'F',
    orgnr: '559012-3456',
    postadress1: 'Sjöviksvägen 1',
    postnr: '184 94',
    ort: 'Åkersberga',
    epost: 'ekonomi@greenside.example.se',
    erReferens: 'Sofia Lund',
    betalningsvillkor: '10',
  });

  const kunder = [anna, erik, karin, lars, maja, johan, bygg, greenside];
  const artiklar = [
    artikel('101', 'Medlemsavgift senior 2026', 4900, 0),
    artikel('102', 'Medlemsavgift junior 2026', 1200, 0),
    artikel('103', 'Spelavgift senior 2026', 3500, 6),
    artikel('110', 'Greenfee 18 hål', 550, 6),
    artikel('111', 'Greenfee 9 hål', 350, 6),
    artikel('120', 'Rangekort 50 bollar', 80, 6),
    artikel('130', 'Vagnbod, hyra per säsong', 900, 25),
    artikel('140', 'Sponsorskylt tee 7', 12000, 25),
    artikel('150', 'Arrende restaurang, per månad', 15000, 25, { enhet: 'mån' }),
    artikel('160', 'Golfbollar Titleist Pro V1 (dussin)', 559.2, 25, {
      artikeltyp: 'Lagervara',
      enhet: 'duss',
      lagerfors: true,
      lagerplats: 'Shop A2',
      lagersaldo: 42,
      disponibelt: 40,
      bestallningspunkt: 10,
      lagervarde: 14_112,
      inkopspris: 336,
      tillverkare: 'Acushnet',
      ean: '0885583810203',
      viktGram: 550,
    }),
    artikel('170', 'Lunch i restaurangen', 120, 12),
    artikel('199', 'Påminnelseavgift', 60, 0),
  ];

  const fakturor: Faktura[] = [
    faktura(
      '5001',
      anna,
      '2026-01-15',
      [rad('101', 'Medlemsavgift senior 2026', 1, 4900, 0), rad('103', 'Spelavgift senior 2026', 1, 3500, 6)],
      {
        avtalsnr: '301',
        verifikationer: ['A12'],
        inbetalningar: [
          { betalningsnr: '9001', datum: '2026-02-03', belopp: 8610, fairwayRef: null, senastAndrad: '2026-02-03T10:00:00.000Z' },
        ],
      },
    ),
    faktura(
      '5002',
      erik,
      '2026-01-15',
      [rad('101', 'Medlemsavgift senior 2026', 1, 4900, 0), rad('103', 'Spelavgift senior 2026', 1, 3500, 6)],
      {
        avtalsnr: '302',
        verifikationer: ['A13'],
      },
    ),
    faktura('5003', bygg, '2026-02-01', [rad('140', 'Sponsorskylt tee 7', 1, 12000, 25)], {
      utskriftsval: 'E-faktura',
      erReferens: 'Mats Holm',
      verifikationer: ['A14'],
      inbetalningar: [
        { betalningsnr: '9002', datum: '2026-02-20', belopp: 5000, fairwayRef: null, senastAndrad: '2026-02-20T10:00:00.000Z' },
      ],
    }),
    faktura('5004', greenside, '2026-03-01', [rad('150', 'Arrende restaurang, mars', 1, 15000, 25, 'mån')], {
      betalningsvillkor: '10',
      forfallodatum: '2026-03-11',
      bokford: false,
      skickad: false,
      utskriftsval: null,
    }),
    faktura('5005', karin, '2026-03-05', [rad('130', 'Vagnbod, hyra per säsong', 1, 900, 25)], {
      bokford: false,
      skickad: false,
      makulerad: true,
      utskriftsval: null,
      text: 'Felaktig kund, ersatt av 5006',
    }),
    faktura('5006', lars, '2026-03-05', [rad('130', 'Vagnbod, hyra per säsong', 1, 900, 25)], {
      utskriftsval: 'Utskrift',
      verifikationer: ['A15'],
      krediteradAv: '5007',
    }),
    faktura('5007', lars, '2026-03-12', [rad('130', 'Vagnbod, hyra per säsong', -1, 900, 25)], {
      utskriftsval: 'Utskrift',
      verifikationer: ['A16'],
      krediterar: '5006',
      text: 'Kreditering av faktura 5006',
    }),
  ];

  const avtalen = [
    avtal(
      '301',
      anna,
      '2026-01-01',
      [rad('101', 'Medlemsavgift senior', 1, 4900, 0), rad('103', 'Spelavgift senior', 1, 3500, 6)],
      {
        senastFakturerad: '2026-01-15',
        antalFakturor: 1,
      },
    ),
    avtal(
      '302',
      erik,
      '2026-01-01',
      [rad('101', 'Medlemsavgift senior', 1, 4900, 0), rad('103', 'Spelavgift senior', 1, 3500, 6)],
      {
        senastFakturerad: '2026-01-15',
        antalFakturor: 1,
      },
    ),
    avtal('303', maja, '2026-01-01', [rad('102', 'Medlemsavgift junior', 1, 1200, 0)]),
    avtal('304', greenside, '2026-01-01', [rad('150', 'Arrende restaurang', 1, 15000, 25, 'mån')], {
      fakturaintervall: 1,
      avtalstid: 12,
      lopande: false,
      periodTom: '2026-12-31',
      resultatenhet: '20',
      betalningsvillkor: '10',
    }),
    avtal('305', johan, '2025-01-01', [rad('101', 'Medlemsavgift senior', 1, 4700, 0)], {
      aktiv: false,
      avslutat: true,
      periodTom: '2025-12-31',
      lopande: false,
      senastFakturerad: '2025-01-15',
      antalFakturor: 1,
    }),
  ];

  return {
    format: 1,
    foretag: {
      namn: 'Sjöviks Golfklubb',
      orgnr: '802417-6612',
      adress1: 'Sjöviksvägen 1',
      adress2: null,
      postnr: '184 94',
      ort: 'Åkersberga',
      landkod: 'SE',
      epost: 'kansli@sjovikgk.example.se',
      telefon: '08-540 100 00',
      databas: 'Ftg1',
    },
    koder: {
      enheter: [
        { kod: 'st', namn: 'Styck' },
        { kod: 'tim', namn: 'Timme' },
        { kod: 'mån', namn: 'Månad' },
        { kod: 'duss', namn: 'Dussin' },
      ],
      prislistor: [
        { kod: 'A', namn: 'Ordinarie' },
        { kod: 'M', namn: 'Medlemspris' },
      ],
      resultatenheter: [
        { kod: '10', namn: 'Bana' },
        { kod: '20', namn: 'Restaurang' },
        { kod: '30', namn: 'Shop' },
        { kod: '40', namn: 'Kansli' },
      ],
      projekt: [
        { kod: 'JUN26', namn: 'Juniorsatsning 2026', aktiv: true },
        { kod: 'DRAN7', namn: 'Dränering hål 7', aktiv: true },
        { kod: 'KLUBB25', namn: 'Klubbhusrenovering 2025', aktiv: false },
      ],
      betalningsvillkor: [
        { kod: 'K', namn: 'Kontant', dagar: 0 },
        { kod: '10', namn: '10 dagar netto', dagar: 10 },
        { kod: '20', namn: '20 dagar netto', dagar: 20 },
        { kod: '30', namn: '30 dagar netto', dagar: 30 },
      ],
      leveransvillkor: [
        { kod: 'FVL', namn: 'Fritt vårt lager' },
        { kod: 'FK', namn: 'Fritt kund' },
      ],
    },
    nummerserier: { kund: 1007, artikel: 200, faktura: 5008, avtal: 306, betalning: 9003, verifikation: 17 },
    kunder,
    artiklar,
    fakturor,
    avtal: avtalen,
    verifikationer: [
      {
        serie: 'A',
        vernr: '12',
        datum: '2026-01-15',
        text: 'Kundfaktura 5001 Anna Lindqvist',
        belopp: 8610,
        transaktionsref: '5001',
        senastAndrad: '2026-01-15T09:00:00.000Z',
      },
      {
        serie: 'A',
        vernr: '13',
        datum: '2026-01-15',
        text: 'Kundfaktura 5002 Erik Johansson',
        belopp: 8610,
        transaktionsref: '5002',
        senastAndrad: '2026-01-15T09:00:00.000Z',
      },
      {
        serie: 'A',
        vernr: '14',
        datum: '2026-02-01',
        text: 'Kundfaktura 5003 Roslagens Bygg AB',
        belopp: 15000,
        transaktionsref: '5003',
        senastAndrad: '2026-02-01T09:00:00.000Z',
      },
      {
        serie: 'A',
        vernr: '15',
        datum: '2026-03-05',
        text: 'Kundfaktura 5006 Lars Andersson',
        belopp: 1125,
        transaktionsref: '5006',
        senastAndrad: '2026-03-05T09:00:00.000Z',
      },
      {
        serie: 'A',
        vernr: '16',
        datum: '2026-03-12',
        text: 'Kreditfaktura 5007 Lars Andersson',
        belopp: 1125,
        transaktionsref: '5007',
        senastAndrad: '2026-03-12T09:00:00.000Z',
      },
    ],
    order: [
      {
        ordernr: '701',
        kundnr: '2002',
        kundnamn: 'Restaurang Greenside AB',
        orderdatum: '2026-02-15',
        summa: 2796,
        makulerad: false,
        senastAndrad: '2026-02-15T12:00:00.000Z',
      },
      {
        ordernr: '702',
        kundnr: '1003',
        kundnamn: 'Karin Nilsson',
        orderdatum: '2026-03-02',
        summa: 699,
        makulerad: true,
        senastAndrad: '2026-03-03T12:00:00.000Z',
      },
    ],
    leverantorer,
    leverantorsfakturor: leverantorsfakturor(leverantorer),
  };
}
