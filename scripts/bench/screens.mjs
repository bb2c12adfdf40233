/* global window, document, PopStateEvent */
// Screen figures of `npm run bench`: requests per list screen to show its first page (rows in the
// DOM, then a quiet network) and duplicate identical ones, and time from navigation to first rows
// of the systems list, cold and from a warm cache.

/** The list screens of the app, with the role that opens them. */
export const LIST_SCREENS = [
  ['/systems-manage/manage', 'admin'],
  ['/circuit-manage/manage', 'admin'],
  ['/providers/manage', 'admin'],
  ['/dooh/players', 'admin'],
  ['/opportunities', 'sales'],
  ['/advertisers', 'sales'],
  ['/estimates/manage', 'sales'],
  ['/estimates/products', 'sales'],
  ['/orders', 'sales'],
  ['/campaigns', 'sales'],
  ['/plannings', 'admin'],
  ['/availability', 'sales'],
  ['/media/monitor', 'mediamonitor'],
  ['/settings/users', 'admin'],
];

async function sessionFor(context, app, signIn, username) {
  const tokens = await signIn(username);
  await context.addInitScript(
    ({ t, u }) => {
      if (window.localStorage.getItem('auth')) return;
      window.localStorage.setItem('auth', t.access_token);
      window.localStorage.setItem('refresh_token', t.refresh_token);
      window.localStorage.setItem('user', JSON.stringify({ username: u }));
      window.localStorage.setItem('type', `ROLE_${u.toUpperCase()}`);
      window.localStorage.setItem('group', 'administrators');
      window.localStorage.setItem('subscription', 'null');
      window.localStorage.setItem('check', 'true');
    },
    { t: tokens, u: username },
  );
}

async function rowsVisible(page) {
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr, [role="row"]').length > 1, null, { timeout: 60_000 });
}

const QUIET_MS = 2000;
const SETTLE_LIMIT_MS = 30_000;

/**
 * Opens a list screen and waits for its first page: rows in the DOM, then a quiet network (nothing
 * in flight, nothing started for QUIET_MS, so that the lookups a page makes after its rows, such as
 * a ReferenceField's, are counted). `networkidle` alone is not a first page: on a busy machine the
 * app can spend 500 ms loading its code without a request before it asks for data, and the screen
 * was then counted with no request at all (what happened to /media/monitor). Returns the sandbox
 * requests seen, as `METHOD url body`.
 */
async function firstPage(page, url, sandbox) {
  const seen = [];
  let inFlight = 0;
  let last = Date.now();
  page.on('request', (r) => {
    inFlight += 1;
    last = Date.now();
    if (r.url().startsWith(sandbox) && r.method() !== 'OPTIONS') seen.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
  });
  const done = () => {
    inFlight -= 1;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await rowsVisible(page);
  const limit = Date.now() + SETTLE_LIMIT_MS;
  while (Date.now() < limit && (inFlight > 0 || Date.now() - last < QUIET_MS)) await new Promise((r) => setTimeout(r, 100));
  return seen;
}

export async function screenFigures({ browser, app, sandbox, figure, signIn }) {
  for (const [route, username] of LIST_SCREENS) {
    const context = await browser.newContext();
    await sessionFor(context, app, signIn, username);
    const page = await context.newPage();
    try {
      const seen = await firstPage(page, `${app}${route}`, sandbox);
      const duplicates = seen.length - new Set(seen).size;
      // The app bar's unread count is the layout's, not the list's: named apart.
      const bar = seen.filter((s) => s.includes('/planner/v1/notifications')).length;
      const paths = seen.map((s) => new URL(s.split(' ')[1]).pathname.replace(/\/\d+(?=\/|$)/g, '/…')).join(' · ');
      figure(`${route}: requests for the first page`, seen.length, 'req', `${duplicates} duplicate; ${seen.length - bar} the list's, ${bar} the app bar's unread count; ${paths}`);
    } catch (error) {
      figure(`${route}: requests for the first page`, 'n/a', '', String(error.message).split('\n')[0]);
    }
    await context.close();
  }

  const context = await browser.newContext();
  await sessionFor(context, app, signIn, 'admin');
  const page = await context.newPage();
  try {
    let t = Date.now();
    await page.goto(`${app}/systems-manage/manage`);
    await rowsVisible(page);
    const cold = Date.now() - t;
    await page.goto(`${app}/profile`, { waitUntil: 'networkidle' });
    t = Date.now();
    await page.goto(`${app}/systems-manage/manage`);
    await rowsVisible(page);
    const warm = Date.now() - t;
    figure('systems list: navigation → first rows, cold', cold, 'ms');
    figure('systems list: navigation → first rows, warm cache', warm, 'ms');
    figure('systems list: cold / warm', (cold / warm).toFixed(2), '×');
  } catch (error) {
    figure('systems list: navigation → first rows', 'n/a', '', String(error.message).split('\n')[0]);
  }
  await context.close();
}

const SETTLED_MS = 3000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Waits until a body cell of a table (a `td`, or a row's `th`) holds `text`, or begins with it (the
 * availability screen's face cell: the system's code, then the face's name): a row of data, not a
 * loading placeholder.
 */
async function cellShown(page, text) {
  await page.waitForFunction((t) => [...document.querySelectorAll('tbody td, tbody th')].some((td) => td.textContent?.trim().startsWith(t)), text, { timeout: 60_000 });
}

/** Moves through the router as a link does, with no pointer on the way (no prefetch on intent). */
async function routerMove(page, to) {
  await page.evaluate((path) => {
    const state = window.history.state;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 }, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, to);
}

/** The monday of this week and the day eight weeks later less one: the availability screen's default period. */
function defaultPeriod(today = new Date()) {
  const local = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const start = new Date(`${local(today)}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  const end = new Date(start);
  end.setUTCDate(end.getUTCDate() + 8 * 7 - 1);
  return { periodStart: start.toISOString().slice(0, 10), periodEnd: end.toISOString().slice(0, 10) };
}

/**
 * The app's list screens beside plain react-admin <List> + <Datagrid>s of the same rows from the
 * same endpoints (scripts/bench/plainlist, served at `plain`): the systems list and the
 * availability screen. For each, the time to the first row of data on a full load (a new browser
 * context, cold cache), on an in-app move by a link (the app: the pointer on its menu group, the
 * group opened, then the entry clicked; the plain list: its link clicked) and on a move through the router with no pointer on
 * the way (no prefetch on intent), the median of `runs` each, the ratios, and the requests of each
 * list's first page.
 */
export async function listSideBySide({ browser, app, plain, sandbox, figure, signIn, runs = 3 }) {
  const { access_token } = await signIn('admin');
  const get = async (url) => (await fetch(`${sandbox}${url}`, { headers: { Authorization: `Bearer ${access_token}` } })).json();
  const systems = await get('/systems/v1/system/all/page/0/perPage/10?type=ALL&sort=code&sortDir=ASC');
  const { periodStart, periodEnd } = defaultPeriod();
  const faces = await get(`/planner/v1/availability?${new URLSearchParams({ periodStart, periodEnd, step: 'week', range: '[0,24]' })}`);
  const screens = [
    {
      name: 'systems list',
      text: systems.content[0].code,
      app: { list: '/systems-manage/manage', group: '/ooh', entry: 'Impianti' },
      plain: { list: '/systems', link: 'Impianti' },
    },
    {
      name: 'availability',
      text: faces.rows[0].systemCode,
      app: { list: '/availability', group: '/dooh', entry: 'Disponibilità' },
      plain: { list: '/availability', link: 'Disponibilità' },
    },
  ];
  // `settled`: the same move by a link, made after the previous screen has been open for
  // SETTLED_MS (a person reading it) rather than the instant its network went quiet: the time the
  // back office has to load the menu's screens while the browser is idle (src/routes.tsx).
  const HOWS = { load: 'full load', link: 'in-app move by a link', settled: 'in-app move by a link, 3 s after the previous screen', router: 'router move, no intent' };
  for (const screen of screens) {
    const sides = [
      { label: screen.name, base: app, elsewhere: '/profile', ...screen.app },
      { label: `plain react-admin List (${screen.name})`, base: plain, elsewhere: '/altro', ...screen.plain },
    ];
    const times = sides.map(() => Object.fromEntries(Object.keys(HOWS).map((how) => [how, []])));
    for (let i = 0; i < runs; i++) {
      for (const how of Object.keys(HOWS)) {
        for (const [k, side] of sides.entries()) {
          const context = await browser.newContext();
          await sessionFor(context, side.base, signIn, 'admin');
          const page = await context.newPage();
          try {
            let t0;
            if (how === 'load') {
              t0 = Date.now();
              await page.goto(`${side.base}${side.list}`);
            } else {
              await page.goto(`${side.base}${side.elsewhere}`, { waitUntil: 'networkidle' });
              if (how === 'settled') await page.waitForTimeout(SETTLED_MS);
              if (how === 'router') {
                t0 = Date.now();
                await routerMove(page, side.list);
              } else if (side.group) {
                // The pointer reaches the group, then opens it: the move starts at the entry's click.
                await page.locator(`button[data-group="${side.group}"]`).hover();
                await page.locator(`button[data-group="${side.group}"]`).click();
                const entry = page.getByRole('menuitem', { name: side.entry, exact: true });
                await entry.waitFor();
                // The clock starts once the menu has opened: Playwright's click first waits for the
                // entry to stop moving (the menu's opening animation, some 300 ms), and a trial
                // click does those checks without clicking. Before, the figure counted that wait.
                await entry.click({ trial: true });
                t0 = Date.now();
                await entry.click();
              } else {
                const link = page.getByRole('link', { name: side.link, exact: true });
                await link.click({ trial: true });
                t0 = Date.now();
                await link.click();
              }
            }
            await cellShown(page, screen.text);
            times[k][how].push(Date.now() - t0);
          } finally {
            await context.close();
          }
        }
      }
    }
    for (const [how, label] of Object.entries(HOWS)) {
      const [a, b] = times.map((t) => median(t[how]));
      figure(`${screen.name}: ${label} → first row of data`, a, 'ms', `median of ${runs}: ${times[0][how].join(', ')}`);
      figure(`plain List (${screen.name}): ${label} → first row of data`, b, 'ms', `median of ${runs}: ${times[1][how].join(', ')}`);
      figure(`${screen.name} / plain List, ${label}`, (a / b).toFixed(2), '×');
    }
    for (const side of sides) {
      const context = await browser.newContext();
      await sessionFor(context, side.base, signIn, 'admin');
      const page = await context.newPage();
      try {
        const seen = await firstPage(page, `${side.base}${side.list}`, sandbox);
        figure(`${side.label}: requests for the first page`, seen.length, 'req', `${seen.length - new Set(seen).size} duplicate; ${seen.map((s) => s.split(' ').slice(0, 2).join(' ').replace(sandbox, '')).join(' · ')}`);
      } finally {
        await context.close();
      }
    }
  }
}
