/** The app's own Italian messages (`app.*`). en/app.ts must have the same keys (AppMessages). */
export const app = {
  title: 'Back office OOH / DOOH',
  menu: {
    label: 'Navigazione principale',
    group_button: 'Menu %{group}',
  },
  user_menu: {
    label: 'Menu utente',
    profile: 'Profilo',
    users: 'Gestione utenti',
    outbox: 'Posta in uscita',
    test: 'Test dei servizi',
    theme: 'Tema',
    language: 'Lingua',
    logout: 'Esci',
  },
  theme: {
    classic: 'Classico',
    dark: 'Scuro',
    saved: 'Tema salvato',
    save_error: 'Non è stato possibile salvare il tema: verrà usato solo su questo browser.',
  },
  language: {
    it: 'Italiano',
    en: 'Inglese',
  },
  environment: {
    stage_label: 'Ambiente di stage',
  },
  pagination: {
    page: 'Pagina',
    go_to: 'Vai a',
    previous_page: 'Pagina precedente',
    next_page: 'Pagina successiva',
    page_size: 'Dimensione pagina',
  },
  loading: {
    label: 'Caricamento in corso',
  },
  chunk: {
    timeout_title: 'La pagina non si è caricata',
    timeout: 'La pagina non si è caricata entro 120 secondi: la connessione potrebbe essere lenta o assente.',
    failed_title: 'Errore di caricamento',
    failed: 'Non è stato possibile caricare la pagina. Controlla la connessione e riprova.',
    retry: 'Riprova',
  },
  auth: {
    login_title: 'Accedi al back office',
    username: 'Nome utente',
    password: 'Password',
    sign_in: 'Accedi',
    signing_in: 'Accesso in corso…',
    forgot_password: 'Password dimenticata?',
    signup: 'Non hai un account? Registrati',
    back_to_login: 'Torna all’accesso',
    wronguser_title: 'Sessione non valida',
    wronguser:
      'Le credenziali salvate su questo browser erano incomplete, quindi sei stato disconnesso. Accedi di nuovo per continuare.',
    guest_title: 'Accesso ospite',
    guest_text:
      'Sei collegato come ospite. Gli ospiti possono aprire solo le risorse condivise tramite un link ricevuto (preventivi, ordini, campagne): usa quel link per visualizzarle.',
    guest_logout: 'Esci dall’accesso ospite',
    errors: {
      invalid_grant:
        'Accesso non riuscito: nome utente o password non corretti, oppure account non ancora confermato o disattivato.',
      client:
        'Accesso non riuscito: l’applicazione non è autorizzata dal servizio utenti. Contatta l’assistenza.',
      unreachable: 'Il servizio di autenticazione non risponde. Controlla la connessione e riprova.',
      server: 'Il servizio di autenticazione ha risposto con un errore. Riprova più tardi.',
      profile: 'Accesso eseguito, ma non è stato possibile caricare il profilo utente. Riprova più tardi.',
      too_many:
        'Troppi tentativi di accesso non riusciti: riprova tra %{smart_count} minuto |||| Troppi tentativi di accesso non riusciti: riprova tra %{smart_count} minuti',
    },
  },
  forgot_password: {
    title: 'Password dimenticata',
    intro:
      'Inserisci il tuo nome utente: se esiste, riceverai una mail con il link per impostare una nuova password.',
    submit: 'Invia la mail',
    sent: 'Richiesta inviata: se l’utente esiste, riceverà una mail con le istruzioni per reimpostare la password.',
  },
  change_password: {
    title: 'Imposta una nuova password',
    intro: 'Scegli la nuova password del tuo account.',
    submit: 'Salva la password',
    done: 'Password aggiornata: ora puoi accedere con la nuova password.',
    missing_token:
      'Il link non contiene il codice di reimpostazione. Richiedi una nuova mail da “Password dimenticata”.',
    invalid_token: 'Il link di reimpostazione non è valido o è scaduto. Richiedi una nuova mail.',
  },
  signup: {
    title: 'Registrazione',
    intro: 'Compila i dati: riceverai una mail per confermare la registrazione.',
    name: 'Nome',
    surname: 'Cognome',
    email: 'E-mail',
    company: 'Azienda',
    submit: 'Registrati',
    done: 'Registrazione ricevuta: controlla la tua casella di posta per confermarla.',
    conflict: 'Nome utente o indirizzo e-mail già in uso.',
  },
  confirm: {
    title: 'Conferma della registrazione',
    pending: 'Conferma in corso…',
    done: 'Registrazione confermata: ora puoi accedere.',
    already: 'Questa registrazione è già stata confermata: puoi accedere.',
    invalid: 'Il link di conferma non è valido o è scaduto.',
  },
  new_password: {
    title: 'Cambia password',
  },
  password: {
    old: 'Password attuale',
    new: 'Nuova password',
    confirm: 'Conferma nuova password',
    submit: 'Cambia password',
    done: 'Password aggiornata correttamente.',
    wrong_old: 'La password attuale non è corretta.',
  },
  validation: {
    integer: 'Deve essere un numero intero',
    greater_than: 'Deve essere maggiore di %{min}',
    less_than: 'Deve essere minore di %{max}',
    multiple_of: 'Deve essere un multiplo di %{step}',
    unique_items: 'Ogni valore può comparire una volta sola',
    min_properties: 'Indica almeno %{min} valori',
    max_properties: 'Indica al massimo %{max} valori',
    property_names: 'Uno dei nomi non è previsto',
    date: 'Inserisci una data valida',
    pattern: 'Il formato non è valido',
    end_before_start: 'La data di fine non può precedere quella di inizio',
    required: 'Campo obbligatorio',
    password_min: 'La password deve contenere almeno 8 caratteri',
    password_guessable: 'La password è troppo facile da indovinare: usa una frase o più parole non ovvie',
    password_max: 'La password può contenere al massimo 128 caratteri',
    password_mismatch: 'Le due password non coincidono',
    password_same: 'La nuova password deve essere diversa da quella attuale',
    username: 'Il nome utente deve avere da 3 a 64 caratteri tra lettere, cifre e . _ @ + -',
    email: 'Inserisci un indirizzo e-mail valido',
  },
  map: {
    search: 'Cerca un comune',
    search_hint: 'Scrivi il nome di un comune e premi Invio',
    search_pending: 'Ricerca del comune in corso',
    search_none: 'Nessun comune trovato per «%{name}»',
    search_error: 'Ricerca del comune non riuscita: %{message}',
    zoom_in: 'Ingrandisci',
    zoom_out: 'Riduci',
  },
  import_mistakes: {
    title: 'Errori da correggere: 1 riga |||| Errori da correggere: %{smart_count} righe',
    more: 'Sono elencate le prime %{listed} righe di %{total}.',
    table: 'Errori del file, riga per riga',
    row: 'Riga',
    column: 'Colonna',
    value: 'Valore',
    problem: 'Problema',
    empty_value: '(vuoto)',
    whole_row: 'intera riga',
  },
  export: { progress: 'Esportazione %{done} / %{total}…' },
  areaSelect: {
    title: 'Seleziona area',
    rectangle: 'Rettangolo',
    lasso: 'Lazo',
    cancel: 'Annulla',
    help_rectangle: 'Trascina sulla mappa per disegnare il rettangolo · Esc annulla',
    help_lasso: 'Tieni premuto e disegna il contorno dell’area · Esc annulla',
  },
  files: {
    fileName: 'File',
    size: 'Dimensione',
    uploadedAt: 'Caricato il',
    uploadedBy: 'Caricato da',
    download: 'Scarica %{name}',
    delete: 'Elimina %{name}',
    uploading: 'Caricamento di %{name}: %{percent}%',
    uploaded: 'File %{name} caricato',
    confirmTitle: 'Eliminare il file?',
    confirmContent: 'Il file %{name} verrà eliminato definitivamente.',
  },
  errors: {
    generic: 'Si è verificato un errore. Riprova più tardi.',
    upload: 'Caricamento del file non riuscito: il servizio non risponde. Controlla la connessione e riprova.',
    unreachable: 'Il servizio non risponde. Controlla la connessione e riprova.',
    server: 'Il servizio ha avuto un problema (errore %{status}) e l’operazione non è riuscita. Riprova tra poco.',
    bad_request: 'I dati inviati non sono validi: controlla i campi e riprova.',
    forbidden_action: 'Il tuo ruolo non consente questa operazione.',
    too_large: 'Il file supera la dimensione massima consentita (2 MB).',
    unsupported_type: 'Formato non supportato: usa un’immagine PNG o JPEG.',
  },
  error_pages: {
    forbidden: '403 - Ci dispiace, la pagina non esiste',
    not_found: '404 - Ci dispiace, non sei autorizzato a visualizzare questa pagina',
    logout: 'LOGOUT',
    home: 'Torna alla Home',
  },
  roles: {
    ROLE_ADMIN: 'Super Admin',
    ROLE_MANAGER: 'Manager',
    ROLE_GUEST: 'Guest User',
    ROLE_ASSETMANAGER: 'Asset Manager',
    ROLE_SALES: 'Commerciale',
    ROLE_SALESLEADER: 'Responsabile commerciale',
    ROLE_MEDIAMONITOR: 'Media Monitor',
    ROLE_PLANNER: 'Pianificatore',
    ROLE_SUPERVISOR: 'Supervisore',
    ROLE_DESIGNER: 'Designer',
  },
  profile: {
    title: 'Profilo',
    identity: 'Dati personali',
    username: 'Nome utente',
    name: 'Nome',
    email: 'E-mail',
    role: 'Ruolo',
    group: 'Gruppo',
    avatar: 'Immagine del profilo',
    avatar_alt: 'Immagine del profilo di %{name}',
    no_avatar: 'Nessuna immagine caricata',
    avatar_upload: 'Carica immagine',
    avatar_uploading: 'Caricamento…',
    avatar_done: 'Immagine del profilo aggiornata',
    avatar_load_error: 'Non è stato possibile mostrare l’immagine del profilo.',
    password: 'Cambia password',
    theme: 'Tema dell’interfaccia',
    load_error: 'Non è stato possibile caricare il profilo.',
  },
  users: {
    title: 'Gestione utenti',
    create: 'Nuovo utente',
    edit: 'Modifica utente',
    roles_error: 'Non è stato possibile caricare l’elenco dei ruoli.',
    delete_title: 'Eliminare l’utente %{name}?',
    delete_content: 'L’utente non potrà più accedere. L’operazione non si può annullare.',
    new_password_help: 'Lascia vuoto per non cambiare la password.',
  },
  test: {
    title: 'Test dei servizi',
    environment: 'Ambiente',
    service: 'Servizio',
    base: 'Indirizzo di base',
    status: 'Stato',
    ok: 'OK',
    error: 'errore',
    checking: 'verifica…',
    no_base: 'nessun indirizzo configurato',
    check_again: 'Verifica di nuovo',
  },
  status_moves: {
    to: 'Passa a «%{status}»',
    final_status: 'Stato finale: nessun cambio consentito',
    confirm_title: 'Passare allo stato %{status}?',
    confirm_content: 'Lo stato %{status} è finale: %{name} non potrà più cambiare stato.',
    confirm: 'Cambia stato',
    done: 'Stato cambiato in %{status}',
  },
  placeholders: {
    coming: 'In arrivo: %{screen}',
    note: 'Questa schermata è in costruzione.',
    screens: {
      home: {
        title: 'Gestione impianti',
        description: 'La pagina iniziale mostrerà la gestione degli impianti: elenco, ricerca e filtri.',
      },
      systems_map: {
        title: 'Mappa impianti',
        description:
          'Mostrerà gli impianti OOH e DOOH su mappa, raggruppati per zona, con la ricerca per area.',
      },
      systems_manage: {
        title: 'Gestione impianti',
        description:
          'Elenco paginato degli impianti con ricerca, filtri, importazione da Excel e modello da scaricare.',
      },
      systems_new: {
        title: 'Nuovo impianto',
        description:
          'Modulo per creare un impianto: tipo, formati, comune, concessione, autorizzazioni e immagini.',
      },
      system_detail: {
        title: 'Dettaglio impianto',
        description: 'Scheda dell’impianto con facce, immagini, squadre assegnate e storico delle modifiche.',
      },
      dooh_manage: {
        title: 'Gestione DOOH',
        description: 'Gestione degli impianti digitali e dei loro dispositivi.',
      },
      dooh_players: {
        title: 'Player DOOH',
        description: 'Elenco dei player digitali e del loro stato.',
      },
      circuit_manage: {
        title: 'Gestione circuiti',
        description: 'Creazione e modifica dei circuiti e degli impianti che li compongono.',
      },
      providers_manage: {
        title: 'Gestione squadre',
        description: 'Elenco delle squadre e dei fornitori con ricerca, creazione e modifica.',
      },
      shows_manage: {
        title: 'Gestione show',
        description: 'Programmazione degli show sui circuiti digitali.',
      },
      player_dooh: {
        title: 'Gestore degli show',
        description: 'Anteprima e gestione degli show in riproduzione sui player DOOH.',
      },
      dashboard_analytics: {
        title: 'Dashboard Funnel',
        description: 'Analisi del funnel commerciale: opportunità, preventivi e ordini.',
      },
      dooh_analytics: {
        title: 'Programmatic DOOH',
        description: 'Statistiche della pubblicità digitale programmatica.',
      },
      media_analytics: {
        title: 'Media Monitor',
        description: 'Analisi delle rilevazioni per concessionaria, marchio e soggetto.',
      },
      media_monitor: {
        title: 'Rilevazioni',
        description: 'Elenco delle rilevazioni con filtri per data, importazione ed esportazione Excel.',
      },
      media_manage: {
        title: 'Gestione campi',
        description: 'Gestione dei valori dei campi delle rilevazioni e degli agenti.',
      },
      campaigns: {
        title: 'Campagne',
        description: 'Elenco delle campagne con ricerca e filtri.',
      },
      campaign_detail: {
        title: 'Dettaglio campagna',
        description: 'Scheda della campagna con le sezioni panoramica, membri, storico e allegati.',
      },
      plannings: {
        title: 'Configuratore pianificazioni',
        description: 'Creazione delle pianificazioni degli impianti per periodo.',
      },
      planning_detail: {
        title: 'Dettaglio pianificazione',
        description: 'Scheda della pianificazione con impianti e periodi prenotati.',
      },
      planning_search: {
        title: 'Gestione pianificazione',
        description: 'Ricerca e scelta degli impianti disponibili per la pianificazione.',
      },
      advertisers: {
        title: 'Inserzionisti',
        description: 'Elenco degli inserzionisti con ricerca, creazione e modifica.',
      },
      advertiser_detail: {
        title: 'Dettaglio inserzionista',
        description: 'Scheda dell’inserzionista con logo, settore, ruoli e storico.',
      },
      estimate_products: {
        title: 'Prodotti e listini',
        description: 'Catalogo dei prodotti con foto e gestione dei listini.',
      },
      estimates_manage: {
        title: 'Preventivi',
        description: 'Elenco dei preventivi con stato, provvigioni, PDF e condivisione.',
      },
      orders: {
        title: 'Ordini',
        description: 'Elenco degli ordini con caricamento dei documenti e collegamento alle campagne.',
      },
      order_visualizer: {
        title: 'Visualizzatore ordini',
        description: 'Vista di dettaglio degli ordini e dei loro documenti.',
      },
      opportunities: {
        title: 'Opportunità',
        description: 'Elenco paginato delle opportunità commerciali con ordinamento e filtri.',
      },
      shared_resource: {
        title: 'Risorsa condivisa',
        description: 'Mostrerà la risorsa condivisa tramite il link ricevuto, in sola lettura.',
      },
    },
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every language's `app.*` messages must have. */
export type AppMessages = DeepStrings<typeof app>;
