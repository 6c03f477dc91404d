/**
 * The names people know for clubs whose canonical spelling (football-data.co.uk's short names,
 * which football-data.org and The Odds API spellings are mapped to on the server) is a data-file
 * abbreviation: 'Ath Madrid', "M'gladbach", 'Ein Frankfurt', 'Sociedad', 'Buyuksehyr'.
 * Clubs not listed are shown as spelled (docs/decisions/0076-display-names.md).
 */
const TEAM_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  // Belgium
  'Beerschot VA': 'Beerschot',
  Bergen: 'Mons',
  Germinal: 'Germinal Beerschot',
  Louvieroise: 'La Louvière',
  'Oud-Heverlee Leuven': 'OH Leuven',
  'St Truiden': 'Sint-Truiden',
  'St. Gilloise': 'Union Saint-Gilloise',
  Standard: 'Standard Liège',
  Waregem: 'Zulte Waregem',
  // Germany
  Aachen: 'Alemannia Aachen',
  Augsburg: 'FC Augsburg',
  Bielefeld: 'Arminia Bielefeld',
  Bochum: 'VfL Bochum',
  Braunschweig: 'Eintracht Braunschweig',
  Cottbus: 'Energie Cottbus',
  Darmstadt: 'Darmstadt 98',
  Dortmund: 'Borussia Dortmund',
  Duisburg: 'MSV Duisburg',
  'Ein Frankfurt': 'Eintracht Frankfurt',
  'FC Koln': '1. FC Köln',
  'Fortuna Dusseldorf': 'Fortuna Düsseldorf',
  Freiburg: 'SC Freiburg',
  'Greuther Furth': 'Greuther Fürth',
  Hamburg: 'Hamburger SV',
  Hannover: 'Hannover 96',
  Hertha: 'Hertha BSC',
  Hoffenheim: 'TSG Hoffenheim',
  Ingolstadt: 'FC Ingolstadt',
  Kaiserslautern: '1. FC Kaiserslautern',
  Karlsruhe: 'Karlsruher SC',
  Leverkusen: 'Bayer Leverkusen',
  "M'gladbach": 'Borussia Mönchengladbach',
  Mainz: 'Mainz 05',
  Nurnberg: '1. FC Nürnberg',
  Paderborn: 'SC Paderborn',
  'St Pauli': 'St. Pauli',
  Stuttgart: 'VfB Stuttgart',
  Wolfsburg: 'VfL Wolfsburg',
  // England
  Birmingham: 'Birmingham City',
  Blackburn: 'Blackburn Rovers',
  Bolton: 'Bolton Wanderers',
  Brighton: 'Brighton & Hove Albion',
  Burton: 'Burton Albion',
  Cardiff: 'Cardiff City',
  Charlton: 'Charlton Athletic',
  Colchester: 'Colchester United',
  Coventry: 'Coventry City',
  Crewe: 'Crewe Alexandra',
  Derby: 'Derby County',
  Doncaster: 'Doncaster Rovers',
  Huddersfield: 'Huddersfield Town',
  Hull: 'Hull City',
  Ipswich: 'Ipswich Town',
  Leeds: 'Leeds United',
  Leicester: 'Leicester City',
  Luton: 'Luton Town',
  'Man City': 'Manchester City',
  'Man United': 'Manchester United',
  'Milton Keynes Dons': 'MK Dons',
  Newcastle: 'Newcastle United',
  Norwich: 'Norwich City',
  "Nott'm Forest": 'Nottingham Forest',
  Oxford: 'Oxford United',
  Peterboro: 'Peterborough United',
  Plymouth: 'Plymouth Argyle',
  Preston: 'Preston North End',
  QPR: 'Queens Park Rangers',
  Rotherham: 'Rotherham United',
  Scunthorpe: 'Scunthorpe United',
  'Sheffield Weds': 'Sheffield Wednesday',
  Southend: 'Southend United',
  Stockport: 'Stockport County',
  Stoke: 'Stoke City',
  Swansea: 'Swansea City',
  Tottenham: 'Tottenham Hotspur',
  'West Brom': 'West Bromwich Albion',
  'West Ham': 'West Ham United',
  Wigan: 'Wigan Athletic',
  Wolves: 'Wolverhampton Wanderers',
  Wycombe: 'Wycombe Wanderers',
  Yeovil: 'Yeovil Town',
  // France
  Ajaccio: 'AC Ajaccio',
  'Ajaccio GFCO': 'GFC Ajaccio',
  Arles: 'Arles-Avignon',
  Clermont: 'Clermont Foot',
  'Evian Thonon Gaillard': 'Évian Thonon Gaillard',
  Nimes: 'Nîmes',
  'Paris SG': 'Paris Saint-Germain',
  'St Etienne': 'Saint-Étienne',
  // Greece
  AEK: 'AEK Athens',
  Apollon: 'Apollon Smyrnis',
  Aris: 'Aris Thessaloniki',
  'Doxa Dramas': 'Doxa Drama',
  Giannina: 'PAS Giannina',
  Larisa: 'AEL Larissa',
  OFI: 'OFI Crete',
  Olympiakos: 'Olympiacos',
  'Olympiakos Volou': 'Olympiakos Volos',
  'Volos NFC': 'Volos',
  // Italy
  Chievo: 'Chievo Verona',
  Inter: 'Inter Milan',
  Milan: 'AC Milan',
  Spal: 'SPAL',
  Verona: 'Hellas Verona',
  // Scotland
  Dunfermline: 'Dunfermline Athletic',
  Hamilton: 'Hamilton Academical',
  'Inverness C': 'Inverness Caledonian Thistle',
  Partick: 'Partick Thistle',
  // Spain
  Alaves: 'Alavés',
  Almeria: 'Almería',
  'Ath Bilbao': 'Athletic Bilbao',
  'Ath Madrid': 'Atlético Madrid',
  Betis: 'Real Betis',
  Cadiz: 'Cádiz',
  Celta: 'Celta Vigo',
  Cordoba: 'Córdoba',
  Espanol: 'Espanyol',
  Gimnastic: 'Gimnàstic',
  Hercules: 'Hércules',
  'La Coruna': 'Deportivo La Coruña',
  Leganes: 'Leganés',
  Malaga: 'Málaga',
  Murcia: 'Real Murcia',
  Recreativo: 'Recreativo Huelva',
  Santander: 'Racing Santander',
  Sociedad: 'Real Sociedad',
  'Sp Gijon': 'Sporting Gijón',
  Valladolid: 'Real Valladolid',
  Vallecano: 'Rayo Vallecano',
  Zaragoza: 'Real Zaragoza',
  // Turkey
  'Ad. Demirspor': 'Adana Demirspor',
  'Akhisar Belediyespor': 'Akhisarspor',
  Ankaragucu: 'Ankaragücü',
  Besiktas: 'Beşiktaş',
  Buyuksehyr: 'İstanbul Başakşehir',
  Elazigspor: 'Elazığspor',
  'Erzurum BB': 'Erzurumspor',
  Eskisehirspor: 'Eskişehirspor',
  Fenerbahce: 'Fenerbahçe',
  Gaziantep: 'Gaziantep FK',
  Genclerbirligi: 'Gençlerbirliği',
  Goztep: 'Göztepe',
  Istanbulspor: 'İstanbulspor',
  Karabukspor: 'Karabükspor',
  Karagumruk: 'Fatih Karagümrük',
  Kasimpasa: 'Kasımpaşa',
  'Mersin Idman Yurdu': 'Mersin İdman Yurdu',
  Umraniyespor: 'Ümraniyespor',
};

/** The name to show for a club: the name people know, else the name as given. */
export function displayTeamName(name: string): string {
  return TEAM_DISPLAY_NAMES[name] ?? name;
}

/** Every club the table renames (for tests). */
export const RENAMED_TEAMS: readonly string[] = Object.keys(TEAM_DISPLAY_NAMES);

/**
 * The country of each league id we publish (the catalog of real leagues and the demo leagues),
 * so that the leagues can be listed by country: "Premiership" (Scotland) next to "Premier
 * League" (England). A test in packages/adapters checks it against both catalogs.
 */
const LEAGUE_COUNTRIES: Readonly<Record<string, string>> = {
  E0: 'England', E1: 'England', E2: 'England', E3: 'England', EC: 'England',
  SC0: 'Scotland', SC1: 'Scotland', SC2: 'Scotland', SC3: 'Scotland',
  D1: 'Germany', D2: 'Germany',
  SP1: 'Spain', SP2: 'Spain',
  I1: 'Italy', I2: 'Italy',
  F1: 'France', F2: 'France',
  N1: 'Netherlands', B1: 'Belgium', P1: 'Portugal', T1: 'Turkey', G1: 'Greece',
  BRA: 'Brazil', ARG: 'Argentina', AUT: 'Austria', DNK: 'Denmark', SWZ: 'Switzerland', POL: 'Poland',
  SWE: 'Sweden', NOR: 'Norway', FIN: 'Finland', IRL: 'Ireland', USA: 'USA', MEX: 'Mexico', JPN: 'Japan', CHN: 'China',
  NSP: 'Northshire', VLP: 'Valdoria', OSL: 'Ostmark',
};

/** The country of a league id; undefined for a league nobody listed. */
export function leagueCountry(leagueId: string): string | undefined {
  return LEAGUE_COUNTRIES[leagueId];
}

/** Every league id with a country (for tests). */
export const LEAGUE_IDS_WITH_COUNTRY: readonly string[] = Object.keys(LEAGUE_COUNTRIES);
