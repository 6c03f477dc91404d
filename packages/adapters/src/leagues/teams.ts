/**
 * Team names across sources: the one table that reconciles them. The research files'
 * (football-data.co.uk) spellings are canonical for real clubs ('Man United', "Nott'm Forest");
 * API-Football ('Manchester United', 'Bayern München'), The Odds API ('Manchester United',
 * 'Bayern Munich') and football-data.org ('Manchester United FC') spellings map to them, either
 * because they normalise to a research name (accents, punctuation and FC/AFC/CF-like tokens
 * dropped: 'VfB Stuttgart' -> 'Stuttgart') or through the aliases below. Names nobody listed fall
 * back to that normalised key, so close spellings still join.
 */
import { cleanTeam } from '@app/model/forecast';

/**
 * Every club of the research files' ten leagues, 2005-06 to 2022-23, as they spell it: the
 * canonical names. Club names are facts; no other content of those files is kept here.
 */
export const RESEARCH_CLUBS: Readonly<Record<string, readonly string[]>> = {
  B1: [
    'Anderlecht', 'Antwerp', 'Beerschot VA', 'Bergen', 'Beveren', 'Cercle Brugge', 'Charleroi', 'Club Brugge', 'Dender', 'Eupen', 'FC Brussels',
    'Genk', 'Gent', 'Germinal', 'Kortrijk', 'Lierse', 'Lokeren', 'Louvieroise', 'Mechelen', 'Mouscron', 'Oostende', 'Oud-Heverlee Leuven',
    'Roeselare', 'Seraing', 'St Truiden', 'St. Gilloise', 'Standard', 'Tubize', 'Waasland-Beveren', 'Waregem', 'Westerlo', 'Zulte Waregem',
  ],
  D1: [
    'Aachen', 'Augsburg', 'Bayern Munich', 'Bielefeld', 'Bochum', 'Braunschweig', 'Cottbus', 'Darmstadt', 'Dortmund', 'Duisburg', 'Ein Frankfurt',
    'FC Koln', 'Fortuna Dusseldorf', 'Freiburg', 'Greuther Furth', 'Hamburg', 'Hannover', 'Hansa Rostock', 'Hertha', 'Hoffenheim', 'Ingolstadt',
    'Kaiserslautern', 'Karlsruhe', 'Leverkusen', "M'gladbach", 'Mainz', 'Nurnberg', 'Paderborn', 'RB Leipzig', 'Schalke 04', 'St Pauli', 'Stuttgart',
    'Union Berlin', 'Werder Bremen', 'Wolfsburg',
  ],
  E0: [
    'Arsenal', 'Aston Villa', 'Birmingham', 'Blackburn', 'Blackpool', 'Bolton', 'Bournemouth', 'Brentford', 'Brighton', 'Burnley', 'Cardiff',
    'Charlton', 'Chelsea', 'Crystal Palace', 'Derby', 'Everton', 'Fulham', 'Huddersfield', 'Hull', 'Leeds', 'Leicester', 'Liverpool', 'Man City',
    'Man United', 'Middlesbrough', 'Newcastle', 'Norwich', "Nott'm Forest", 'Portsmouth', 'QPR', 'Reading', 'Sheffield United', 'Southampton',
    'Stoke', 'Sunderland', 'Swansea', 'Tottenham', 'Watford', 'West Brom', 'West Ham', 'Wigan', 'Wolves',
  ],
  E1: [
    'Aston Villa', 'Barnsley', 'Birmingham', 'Blackburn', 'Blackpool', 'Bolton', 'Bournemouth', 'Brentford', 'Brighton', 'Bristol City', 'Burnley',
    'Burton', 'Cardiff', 'Charlton', 'Colchester', 'Coventry', 'Crewe', 'Crystal Palace', 'Derby', 'Doncaster', 'Fulham', 'Huddersfield', 'Hull',
    'Ipswich', 'Leeds', 'Leicester', 'Luton', 'Middlesbrough', 'Millwall', 'Milton Keynes Dons', 'Newcastle', 'Norwich', "Nott'm Forest", 'Peterboro',
    'Plymouth', 'Portsmouth', 'Preston', 'QPR', 'Reading', 'Rotherham', 'Scunthorpe', 'Sheffield United', 'Sheffield Weds', 'Southampton', 'Southend',
    'Stoke', 'Sunderland', 'Swansea', 'Watford', 'West Brom', 'West Ham', 'Wigan', 'Wolves', 'Wycombe', 'Yeovil',
  ],
  F1: [
    'Ajaccio', 'Ajaccio GFCO', 'Amiens', 'Angers', 'Arles', 'Auxerre', 'Bastia', 'Bordeaux', 'Boulogne', 'Brest', 'Caen', 'Clermont', 'Dijon',
    'Evian Thonon Gaillard', 'Grenoble', 'Guingamp', 'Le Havre', 'Le Mans', 'Lens', 'Lille', 'Lorient', 'Lyon', 'Marseille', 'Metz', 'Monaco',
    'Montpellier', 'Nancy', 'Nantes', 'Nice', 'Nimes', 'Paris SG', 'Reims', 'Rennes', 'Sedan', 'Sochaux', 'St Etienne', 'Strasbourg', 'Toulouse',
    'Troyes', 'Valenciennes',
  ],
  G1: [
    'AEK', 'Akratitos', 'Apollon', 'Aris', 'Asteras Tripolis', 'Atromitos', 'Doxa Dramas', 'Egaleo', 'Ergotelis', 'Giannina', 'Ionikos', 'Iraklis',
    'Kalamaria', 'Kallithea', 'Kavala', 'Kerkyra', 'Lamia', 'Larisa', 'Levadeiakos', 'OFI', 'OFI Crete', 'Olympiakos', 'Olympiakos Volou', 'PAOK',
    'Panathinaikos', 'Panetolikos', 'Panionios', 'Panserraikos', 'Panthrakikos', 'Platanias', 'Thrasyvoulos', 'Veria', 'Volos NFC', 'Xanthi',
  ],
  I1: [
    'Ascoli', 'Atalanta', 'Bari', 'Benevento', 'Bologna', 'Brescia', 'Cagliari', 'Carpi', 'Catania', 'Cesena', 'Chievo', 'Cremonese', 'Crotone',
    'Empoli', 'Fiorentina', 'Frosinone', 'Genoa', 'Inter', 'Juventus', 'Lazio', 'Lecce', 'Livorno', 'Messina', 'Milan', 'Monza', 'Napoli', 'Novara',
    'Palermo', 'Parma', 'Pescara', 'Reggina', 'Roma', 'Salernitana', 'Sampdoria', 'Sassuolo', 'Siena', 'Spal', 'Spezia', 'Torino', 'Treviso',
    'Udinese', 'Venezia', 'Verona',
  ],
  SC0: [
    'Aberdeen', 'Celtic', 'Dundee', 'Dundee United', 'Dunfermline', 'Falkirk', 'Gretna', 'Hamilton', 'Hearts', 'Hibernian', 'Inverness C',
    'Kilmarnock', 'Livingston', 'Motherwell', 'Rangers', 'Ross County', 'St Johnstone', 'St Mirren',
  ],
  SP1: [
    'Alaves', 'Almeria', 'Ath Bilbao', 'Ath Madrid', 'Barcelona', 'Betis', 'Cadiz', 'Celta', 'Cordoba', 'Eibar', 'Elche', 'Espanol', 'Getafe',
    'Gimnastic', 'Girona', 'Granada', 'Hercules', 'Huesca', 'La Coruna', 'Las Palmas', 'Leganes', 'Levante', 'Malaga', 'Mallorca', 'Murcia',
    'Numancia', 'Osasuna', 'Real Madrid', 'Recreativo', 'Santander', 'Sevilla', 'Sociedad', 'Sp Gijon', 'Tenerife', 'Valencia', 'Valladolid',
    'Vallecano', 'Villarreal', 'Xerez', 'Zaragoza',
  ],
  T1: [
    'Ad. Demirspor', 'Akhisar Belediyespor', 'Alanyaspor', 'Altay', 'Ankaragucu', 'Ankaraspor', 'Antalyaspor', 'Besiktas', 'Bucaspor', 'Bursaspor',
    'Buyuksehyr', 'Denizlispor', 'Diyarbakirspor', 'Elazigspor', 'Erciyesspor', 'Erzurum BB', 'Eskisehirspor', 'Fenerbahce', 'Galatasaray',
    'Gaziantep', 'Gaziantepspor', 'Genclerbirligi', 'Giresunspor', 'Goztep', 'Hacettepespor', 'Hatayspor', 'Istanbulspor', 'Karabukspor',
    'Karagumruk', 'Kasimpasa', 'Kayserispor', 'Kocaelispor', 'Konyaspor', 'Malatyaspor', 'Manisaspor', 'Mersin Idman Yurdu', 'Oftasspor', 'Orduspor',
    'Rizespor', 'Sakaryaspor', 'Samsunspor', 'Sivasspor', 'Trabzonspor', 'Umraniyespor', 'Yeni Malatyaspor',
  ],
};

/** Canonical name -> the other spellings seen at API-Football, The Odds API and football-data.org (and a research name's older spelling). */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  // England
  'Man United': ['Manchester United FC', 'Manchester United', 'Manchester Utd', 'Man Utd'],
  'Man City': ['Manchester City FC', 'Manchester City'],
  Brighton: ['Brighton & Hove Albion FC', 'Brighton and Hove Albion', 'Brighton & Hove Albion', 'Brighton Hove'],
  Tottenham: ['Tottenham Hotspur FC', 'Tottenham Hotspur', 'Spurs'],
  Newcastle: ['Newcastle United FC', 'Newcastle United', 'Newcastle Utd'],
  "Nott'm Forest": ['Nottingham Forest FC', 'Nottingham Forest', 'Nottingham'],
  'West Ham': ['West Ham United FC', 'West Ham United'],
  Wolves: ['Wolverhampton Wanderers FC', 'Wolverhampton Wanderers', 'Wolverhampton'],
  Leeds: ['Leeds United FC', 'Leeds United'],
  Leicester: ['Leicester City FC', 'Leicester City'],
  Bournemouth: ['AFC Bournemouth'],
  Ipswich: ['Ipswich Town FC', 'Ipswich Town'],
  Luton: ['Luton Town FC', 'Luton Town'],
  'Sheffield United': ['Sheffield United FC', 'Sheffield Utd'],
  'Sheffield Weds': ['Sheffield Wednesday FC', 'Sheffield Wednesday'],
  'West Brom': ['West Bromwich Albion FC', 'West Bromwich Albion'],
  Norwich: ['Norwich City FC', 'Norwich City'],
  Cardiff: ['Cardiff City FC', 'Cardiff City'],
  Swansea: ['Swansea City AFC', 'Swansea City'],
  Stoke: ['Stoke City FC', 'Stoke City'],
  Hull: ['Hull City AFC', 'Hull City'],
  QPR: ['Queens Park Rangers FC', 'Queens Park Rangers'],
  Huddersfield: ['Huddersfield Town AFC', 'Huddersfield Town'],
  Blackburn: ['Blackburn Rovers FC', 'Blackburn Rovers'],
  Bolton: ['Bolton Wanderers FC', 'Bolton Wanderers'],
  Wigan: ['Wigan Athletic FC', 'Wigan Athletic'],
  Derby: ['Derby County FC', 'Derby County'],
  Birmingham: ['Birmingham City FC', 'Birmingham City'],
  Coventry: ['Coventry City FC', 'Coventry City'],
  Preston: ['Preston North End FC', 'Preston North End'],
  Plymouth: ['Plymouth Argyle FC', 'Plymouth Argyle'],
  Oxford: ['Oxford United FC', 'Oxford United'],
  Charlton: ['Charlton Athletic FC', 'Charlton Athletic'],
  Rotherham: ['Rotherham United FC', 'Rotherham United'],
  Peterboro: ['Peterborough United FC', 'Peterborough United'],
  Wycombe: ['Wycombe Wanderers FC', 'Wycombe Wanderers'],
  Stockport: ['Stockport County FC', 'Stockport County'],
  // Scotland
  Hearts: ['Heart of Midlothian FC', 'Heart of Midlothian'],
  'Dundee United': ['Dundee United FC', 'Dundee Utd'],
  'Inverness C': ['Inverness Caledonian Thistle FC', 'Inverness Caledonian Thistle', 'Inverness CT'],
  Partick: ['Partick Thistle FC', 'Partick Thistle'],
  Hamilton: ['Hamilton Academical FC', 'Hamilton Academical'],
  // Spain
  'Ath Madrid': ['Club Atlético de Madrid', 'Atlético Madrid', 'Atletico Madrid'],
  'Ath Bilbao': ['Athletic Club', 'Athletic Bilbao'],
  Sociedad: ['Real Sociedad de Fútbol', 'Real Sociedad'],
  Betis: ['Real Betis Balompié', 'Real Betis'],
  Celta: ['RC Celta de Vigo', 'Celta Vigo', 'Celta de Vigo'],
  Espanol: ['RCD Espanyol de Barcelona', 'Espanyol', 'RCD Espanyol'],
  Vallecano: ['Rayo Vallecano de Madrid', 'Rayo Vallecano'],
  Alaves: ['Deportivo Alavés', 'Alavés'],
  Valladolid: ['Real Valladolid CF', 'Real Valladolid'],
  'La Coruna': ['RC Deportivo La Coruña', 'Deportivo La Coruña', 'Deportivo La Coruna'],
  'Sp Gijon': ['Real Sporting de Gijón', 'Sporting Gijón', 'Sporting Gijon'],
  Oviedo: ['Real Oviedo'],
  'Las Palmas': ['UD Las Palmas'],
  'Real Madrid': ['Real Madrid CF'],
  Barcelona: ['FC Barcelona'],
  Osasuna: ['CA Osasuna'],
  // Germany
  'Bayern Munich': ['FC Bayern München', 'Bayern München', 'Bayern Munchen'],
  Dortmund: ['Borussia Dortmund'],
  Leverkusen: ['Bayer 04 Leverkusen', 'Bayer Leverkusen'],
  "M'gladbach": ['Borussia Mönchengladbach', 'Borussia Monchengladbach', 'Gladbach'],
  'Ein Frankfurt': ['Eintracht Frankfurt'],
  Hoffenheim: ['TSG 1899 Hoffenheim', 'TSG Hoffenheim'],
  Mainz: ['1. FSV Mainz 05', 'FSV Mainz 05', 'Mainz 05'],
  'FC Koln': ['1. FC Köln', 'FC Köln', 'Köln', 'Cologne'],
  Heidenheim: ['1. FC Heidenheim 1846', 'FC Heidenheim'],
  Hertha: ['Hertha BSC', 'Hertha Berlin'],
  Hamburg: ['Hamburger SV'],
  Bielefeld: ['DSC Arminia Bielefeld', 'Arminia Bielefeld'],
  'Greuther Furth': ['SpVgg Greuther Fürth', 'Greuther Fürth'],
  'Fortuna Dusseldorf': ['Fortuna Düsseldorf'],
  Nurnberg: ['1. FC Nürnberg', 'Nürnberg'],
  'St Pauli': ['FC St. Pauli'],
  Darmstadt: ['SV Darmstadt 98'],
  // Italy
  Inter: ['FC Internazionale Milano', 'Internazionale', 'Inter Milan'],
  Milan: ['AC Milan'],
  Verona: ['Hellas Verona FC', 'Hellas Verona'],
  Bologna: ['Bologna FC 1909'],
  Parma: ['Parma Calcio 1913'],
  // France
  'Paris SG': ['Paris Saint-Germain FC', 'Paris Saint Germain', 'PSG'],
  Marseille: ['Olympique de Marseille'],
  Lyon: ['Olympique Lyonnais'],
  Rennes: ['Stade Rennais FC 1901', 'Stade Rennais'],
  Lens: ['Racing Club de Lens', 'RC Lens'],
  Strasbourg: ['RC Strasbourg Alsace', 'RC Strasbourg'],
  Reims: ['Stade de Reims'],
  Brest: ['Stade Brestois 29', 'Stade Brestois'],
  'St Etienne': ['AS Saint-Étienne', 'Saint-Étienne', 'Saint Etienne'],
  Montpellier: ['Montpellier HSC'],
  Lille: ['Lille OSC'],
  Auxerre: ['AJ Auxerre'],
  Troyes: ['ESTAC Troyes'],
  Clermont: ['Clermont Foot 63', 'Clermont Foot'],
  Bordeaux: ['FC Girondins de Bordeaux', 'Girondins de Bordeaux'],
  // Netherlands
  'PSV Eindhoven': ['PSV'],
  'AZ Alkmaar': ['AZ'],
  Feyenoord: ['Feyenoord Rotterdam'],
  Twente: ["FC Twente '65", 'FC Twente'],
  Nijmegen: ['NEC', 'NEC Nijmegen'],
  'For Sittard': ['Fortuna Sittard'],
  Waalwijk: ['RKC Waalwijk'],
  Zwolle: ['PEC Zwolle'],
  Heracles: ['Heracles Almelo'],
  Vitesse: ['SBV Vitesse', 'Vitesse Arnhem'],
  Excelsior: ['SBV Excelsior'],
  // Portugal
  'Sp Lisbon': ['Sporting Clube de Portugal', 'Sporting CP', 'Sporting Lisbon'],
  'Sp Braga': ['Sporting Clube de Braga', 'SC Braga', 'Braga'],
  Guimaraes: ['Vitória SC', 'Vitória Guimarães', 'Vitoria Guimaraes'],
  Estoril: ['GD Estoril Praia', 'Estoril Praia'],
  Estrela: ['CF Estrela da Amadora', 'Estrela Amadora'],
  // Belgium
  Antwerp: ['Royal Antwerp FC', 'Royal Antwerp'],
  Standard: ['Standard Liège', 'Standard Liege'],
  'St. Gilloise': ['Royale Union Saint-Gilloise', 'Union Saint-Gilloise', 'Union St Gilloise', 'Union SG'],
  'St Truiden': ['Sint-Truidense VV', 'Sint-Truidense', 'Sint-Truiden', 'Sint Truiden'],
  Charleroi: ['Sporting Charleroi', 'Royal Charleroi SC'],
  'Cercle Brugge': ['Cercle Brugge KSV'],
  'Oud-Heverlee Leuven': ['OH Leuven'],
  Waregem: ['Zulte Waregem', 'SV Zulte Waregem'],
  // Turkey
  Buyuksehyr: ['İstanbul Başakşehir', 'Istanbul Basaksehir', 'Basaksehir'],
  Besiktas: ['Besiktas JK', 'Beşiktaş JK'],
  Karagumruk: ['Fatih Karagümrük', 'Fatih Karagumruk'],
  Rizespor: ['Çaykur Rizespor', 'Caykur Rizespor'],
  Goztep: ['Göztepe', 'Goztepe'],
  'Ad. Demirspor': ['Adana Demirspor'],
  // Greece
  Olympiakos: ['Olympiacos', 'Olympiacos Piraeus', 'Olympiacos FC', 'Olympiakos Piraeus'],
  AEK: ['AEK Athens'],
  PAOK: ['PAOK Thessaloniki', 'PAOK Salonika'],
  Aris: ['Aris Thessaloniki'],
  Giannina: ['PAS Giannina'],
  Levadeiakos: ['Levadiakos'],
  'OFI Crete': ['OFI'],
  'Volos NFC': ['Volos'],
};

/** Tokens that only say "football club" in some language; dropped from the join key. */
const NOISE = new Set([
  'fc', 'afc', 'cf', 'sc', 'ac', 'as', 'ss', 'ssc', 'us', 'uc', 'acf', 'cfc', 'bc', 'fk', 'sk', 'cd', 'ud', 'sd', 'rc', 'rcd',
  'sv', 'vfl', 'vfb', 'ogc', 'kv', 'krc', 'kaa', 'rsc', 'calcio', 'de', 'da', 'do', 'the',
]);
/** Letters NFKD does not decompose. */
const FOLD: Readonly<Record<string, string>> = { ı: 'i', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd' };
/** Spellings that mean the same word. */
const SYNONYMS: Readonly<Record<string, string>> = { saint: 'st', utd: 'united', munchen: 'munich' };

/**
 * The join key of a team name: accents and punctuation removed, lower case, '&' read as 'and',
 * club-type tokens (FC, AFC, CF, SV...) and numbers (1899, 05) dropped.
 */
export function normaliseTeamName(name: string): string {
  const tokens = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ıøæœßłđ]/g, (c) => FOLD[c] ?? c)
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((t) => t !== '' && !NOISE.has(t) && !/^\d+$/.test(t))
    .map((t) => SYNONYMS[t] ?? t);
  // A name made only of noise ('AC', 'FC 05') keeps its raw tokens rather than becoming empty.
  return tokens.length ? tokens.join(' ') : name.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

const canonicalByKey: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const [canonical, aliases] of Object.entries(ALIASES)) {
    for (const n of [canonical, ...aliases]) {
      const key = normaliseTeamName(n);
      const known = map.get(key);
      if (known !== undefined && known !== canonical) throw new Error(`Team alias '${n}' maps to both '${known}' and '${canonical}'`);
      map.set(key, canonical);
    }
  }
  // A research name listed as an alias ('Zulte Waregem' of 'Waregem') keeps its alias; two other
  // research names with one key would be two clubs that cannot be told apart.
  const aliased = new Set(map.keys());
  for (const name of Object.values(RESEARCH_CLUBS).flat()) {
    const key = normaliseTeamName(name);
    if (aliased.has(key)) continue;
    const known = map.get(key);
    if (known !== undefined && known !== name) throw new Error(`Research clubs '${known}' and '${name}' share the key '${key}'`);
    map.set(key, name);
  }
  return map;
})();

/** The canonical name when the table knows the club (a research name or an alias), else undefined (e.g. to log unknown names). */
export function knownTeam(name: string): string | undefined {
  return canonicalByKey.get(normaliseTeamName(name));
}

const AFFIX = /^(?:(?:A?FC|CF)\s+)+|(?:\s+(?:A?FC|CF))+$/gi;

/**
 * The canonical spelling of a team: the research files' for clubs the table knows, else the name
 * itself tidied (spaces collapsed, a leading or trailing FC/AFC/CF removed).
 */
export function canonicalTeam(name: string): string {
  const known = knownTeam(name);
  if (known !== undefined) return known;
  const tidy = cleanTeam(name).replace(AFFIX, '').trim();
  return tidy || cleanTeam(name);
}

/** The key two spellings of one club share (canonical name, then normalised). */
export function teamKey(name: string): string {
  return normaliseTeamName(canonicalTeam(name));
}

/**
 * Whether two spellings name the same club: same key, or (for names nobody listed) one key's
 * words all appear in the other ('Leicester' / 'Leicester City'). Callers narrow the candidates
 * first (same league, close kickoff), which keeps the looser rule safe.
 */
export function sameTeam(a: string, b: string): boolean {
  const ka = teamKey(a);
  const kb = teamKey(b);
  if (ka === kb) return true;
  const ta = ka.split(' ');
  const tb = kb.split(' ');
  const [small, big] = ta.length <= tb.length ? [ta, new Set(tb)] : [tb, new Set(ta)];
  return small.length > 0 && small.every((t) => big.has(t));
}
