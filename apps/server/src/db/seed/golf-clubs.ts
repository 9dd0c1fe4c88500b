/**
 * Swedish golf clubs offered at registration, with the town they play in and the golf district
 * (golfdistriktsförbund) they belong to. Ids are stable slugs: organisations reference them, so an
 * id is never reused for another club.
 */
export interface GolfClubSeed {
  id: string;
  name: string;
  city: string;
  district: string;
}

type Row = readonly [name: string, city: string];

const DISTRICTS: Record<string, readonly Row[]> = {
  Stockholm: [
    ['Stockholms GK', 'Danderyd'],
    ['Djursholms GK', 'Djursholm'],
    ['Lidingö GK', 'Lidingö'],
    ['Saltsjöbadens GK', 'Saltsjöbaden'],
    ['Wermdö G&CC', 'Värmdö'],
    ['Ullna GC', 'Åkersberga'],
    ['Österåkers GK', 'Åkersberga'],
    ['Kungsängen G&CC', 'Kungsängen'],
    ['Bro-Bålsta GK', 'Bro'],
    ['Sigtunabygdens GK', 'Sigtuna'],
    ['Täby GK', 'Täby'],
    ['Vallentuna GK', 'Vallentuna'],
    ['Lindö Park GK', 'Vallentuna'],
    ['Haninge GK', 'Västerhaninge'],
    ['Huddinge GK', 'Huddinge'],
    ['Botkyrka GK', 'Grödinge'],
    ['Nacka GK', 'Nacka'],
    ['Ingarö GK', 'Ingarö'],
    ['Drottningholms GK', 'Drottningholm'],
    ['Järfälla GK', 'Järfälla'],
    ['Viksjö GK', 'Järfälla'],
    ['Sollentuna GK', 'Sollentuna'],
    ['Ågesta GK', 'Farsta'],
    ['Nynäshamns GK', 'Nynäshamn'],
    ['Södertälje GK', 'Södertälje'],
    ['Roslagens GK', 'Norrtälje'],
  ],
  Uppland: [
    ['Upsala GK', 'Uppsala'],
    ['Enköpings GK', 'Enköping'],
    ['Håbo GK', 'Bålsta'],
    ['Östhammars GK', 'Östhammar'],
    ['Frösåkers GK', 'Östhammar'],
    ['Älvkarleby GK', 'Skutskär'],
  ],
  Södermanland: [
    ['Eskilstuna GK', 'Eskilstuna'],
    ['Strängnäs GK', 'Strängnäs'],
    ['Nyköpings GK', 'Nyköping'],
    ['Katrineholms GK', 'Katrineholm'],
    ['Flens GK', 'Flen'],
    ['Mariefreds GK', 'Mariefred'],
    ['Torshälla GK', 'Torshälla'],
    ['Vingåkers GK', 'Vingåker'],
  ],
  Östergötland: [
    ['Linköpings GK', 'Linköping'],
    ['Landeryds GK', 'Linköping'],
    ['Norrköpings GK', 'Norrköping'],
    ['Kolmårdens GK', 'Kolmården'],
    ['Vadstena GK', 'Vadstena'],
    ['Motala GK', 'Motala'],
    ['Mjölby GK', 'Mjölby'],
    ['Finspångs GK', 'Finspång'],
    ['Söderköpings GK', 'Söderköping'],
    ['Åtvidabergs GK', 'Åtvidaberg'],
    ['Vreta Kloster GK', 'Ljungsbro'],
  ],
  Småland: [
    ['Växjö GK', 'Växjö'],
    ['Jönköpings GK', 'Jönköping'],
    ['Kalmar GK', 'Kalmar'],
    ['Värnamo GK', 'Värnamo'],
    ['Eksjö GK', 'Eksjö'],
    ['Vetlanda GK', 'Vetlanda'],
    ['Västerviks GK', 'Västervik'],
    ['Oskarshamns GK', 'Oskarshamn'],
    ['Nässjö GK', 'Nässjö'],
    ['Tranås GK', 'Tranås'],
    ['Alvesta GK', 'Alvesta'],
    ['Vimmerby GK', 'Vimmerby'],
    ['Ölands GK', 'Löttorp'],
    ['Hooks GK', 'Hok'],
  ],
  Gotland: [
    ['Visby GK', 'Visby'],
    ['Slite GK', 'Slite'],
  ],
  Blekinge: [
    ['Karlskrona GK', 'Karlskrona'],
    ['Ronneby GK', 'Ronneby'],
    ['Karlshamns GK', 'Mörrum'],
    ['Sölvesborgs GK', 'Sölvesborg'],
    ['Olofströms GK', 'Olofström'],
  ],
  Skåne: [
    ['Falsterbo GK', 'Falsterbo'],
    ['Flommens GK', 'Falsterbo'],
    ['Ljunghusens GK', 'Ljunghusen'],
    ['Barsebäck G&CC', 'Löddeköpinge'],
    ['Malmö Burlövs GK', 'Arlöv'],
    ['Lunds Akademiska GK', 'Lund'],
    ['Romeleåsens GK', 'Veberöd'],
    ['Bokskogens GK', 'Svedala'],
    ['Rya GK', 'Helsingborg'],
    ['Vasatorps GK', 'Helsingborg'],
    ['Helsingborgs GK', 'Viken'],
    ['Landskrona GK', 'Landskrona'],
    ['Ängelholms GK', 'Ängelholm'],
    ['Torekovs GK', 'Torekov'],
    ['Båstad GK', 'Båstad'],
    ['Bjäre GK', 'Båstad'],
    ['Kristianstads GK', 'Åhus'],
    ['Hässleholms GK', 'Hässleholm'],
    ['Österlens GK', 'Simrishamn'],
    ['Tomelilla GK', 'Tomelilla'],
    ['Ystads GK', 'Ystad'],
    ['Trelleborgs GK', 'Trelleborg'],
    ['Eslövs GK', 'Eslöv'],
  ],
  Halland: [
    ['Halmstad GK', 'Tylösand'],
    ['Haverdals GK', 'Haverdal'],
    ['Laholms GK', 'Laholm'],
    ['Falkenbergs GK', 'Falkenberg'],
    ['Varbergs GK', 'Varberg'],
    ['Kungsbacka GK', 'Kungsbacka'],
    ['Vallda G&CC', 'Vallda'],
  ],
  Göteborg: [
    ['Göteborgs GK', 'Hovås'],
    ['Delsjö GK', 'Göteborg'],
    ['Albatross GK', 'Hisings Backa'],
    ['Chalmers GK', 'Landvetter'],
    ['Hills GC', 'Mölndal'],
    ['Öijareds GK', 'Floda'],
    ['Stora Lundby GK', 'Gråbo'],
    ['Gullbringa G&CC', 'Kungälv'],
    ['Lysegårdens GK', 'Kungälv'],
  ],
  'Bohuslän-Dal': [
    ['Strömstads GK', 'Strömstad'],
    ['Sotenäs GK', 'Hunnebostrand'],
    ['Fjällbacka GK', 'Fjällbacka'],
    ['Uddevalla GK', 'Uddevalla'],
    ['Lyckorna GK', 'Ljungskile'],
    ['Orust GK', 'Ellös'],
    ['Åmåls GK', 'Åmål'],
  ],
  Västergötland: [
    ['Borås GK', 'Borås'],
    ['Skövde GK', 'Skövde'],
    ['Knistad G&CC', 'Skövde'],
    ['Lidköpings GK', 'Lidköping'],
    ['Falköpings GK', 'Falköping'],
    ['Alingsås GK', 'Alingsås'],
    ['Trollhättans GK', 'Trollhättan'],
    ['Vänersborgs GK', 'Vänersborg'],
    ['Mariestads GK', 'Mariestad'],
    ['Ulricehamns GK', 'Ulricehamn'],
  ],
  Värmland: [
    ['Karlstad GK', 'Karlstad'],
    ['Arvika GK', 'Arvika'],
    ['Kristinehamns GK', 'Kristinehamn'],
    ['Sunne GK', 'Sunne'],
    ['Säffle GK', 'Säffle'],
    ['Filipstads GK', 'Filipstad'],
  ],
  'Örebro län': [
    ['Örebro GK', 'Örebro'],
    ['Karlskoga GK', 'Karlskoga'],
    ['Lindesbergs GK', 'Lindesberg'],
    ['Askersunds GK', 'Askersund'],
    ['Kumla GK', 'Kumla'],
  ],
  Västmanland: [
    ['Västerås GK', 'Västerås'],
    ['Sala GK', 'Sala'],
    ['Köpings GK', 'Köping'],
    ['Fagersta GK', 'Fagersta'],
    ['Arboga GK', 'Arboga'],
  ],
  Dalarna: [
    ['Falun-Borlänge GK', 'Falun'],
    ['Leksands GK', 'Leksand'],
    ['Rättviks GK', 'Rättvik'],
    ['Mora GK', 'Mora'],
    ['Avesta GK', 'Avesta'],
    ['Hedemora GK', 'Hedemora'],
    ['Ludvika GK', 'Ludvika'],
  ],
  Gästrikland: [
    ['Gävle GK', 'Gävle'],
    ['Sandvikens GK', 'Sandviken'],
    ['Hofors GK', 'Hofors'],
  ],
  Hälsingland: [
    ['Hudiksvalls GK', 'Hudiksvall'],
    ['Söderhamns GK', 'Söderhamn'],
    ['Bollnäs GK', 'Bollnäs'],
    ['Ljusdals GK', 'Ljusdal'],
  ],
  Medelpad: [
    ['Sundsvalls GK', 'Sundsvall'],
    ['Timrå GK', 'Timrå'],
  ],
  Ångermanland: [
    ['Härnösands GK', 'Härnösand'],
    ['Örnsköldsviks GK', 'Örnsköldsvik'],
    ['Kramfors GK', 'Kramfors'],
  ],
  'Jämtland-Härjedalen': [
    ['Östersund-Frösö GK', 'Östersund'],
    ['Åre GK', 'Åre'],
    ['Funäsdalsfjällens GK', 'Funäsdalen'],
  ],
  Västerbotten: [
    ['Umeå GK', 'Umeå'],
    ['Skellefteå GK', 'Skellefteå'],
    ['Lycksele GK', 'Lycksele'],
  ],
  Norrbotten: [
    ['Luleå GK', 'Luleå'],
    ['Piteå GK', 'Piteå'],
    ['Bodens GK', 'Boden'],
    ['Kiruna GK', 'Kiruna'],
    ['Björkliden Arctic GC', 'Björkliden'],
  ],
};

const FOLD: Record<string, string> = { å: 'a', ä: 'a', ö: 'o', é: 'e', ü: 'u' };

/** `Barsebäck G&CC` → `barseback-g-cc`: stable, URL-safe, readable in the database. */
export function golfClubSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[åäöéü]/g, (c) => FOLD[c] ?? c)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const GOLF_CLUBS: readonly GolfClubSeed[] = Object.entries(DISTRICTS).flatMap(([district, rows]) =>
  rows.map(([name, city]) => ({ id: golfClubSlug(name), name, city, district })),
);
