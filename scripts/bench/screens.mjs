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
      figure(`${route}: requests for the first page`, seen.length, 'req', `${duplicates} duplicate`);
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

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Waits until a body cell of a table holds `text`: a row of data, not a loading placeholder. */
async function cellShown(page, text) {
  await page.waitForFunction((t) => [...document.querySelectorAll('tbody td')].some((td) => td.textContent?.trim() === t), text, { timeout: 60_000 });
}

/**
 * The systems list beside a plain react-admin <List> + <Datagrid> of the same rows from the same
 * endpoint (scripts/bench/plainlist, served at `plain`): time to the first row of data on a full load
 * (a new browser context, cold cache) and on an in-app move (from another screen already shown,
 * through the router as a link does), the median of `runs` each, the two ratios, and the requests of
 * each list's first page.
 */
export async function listSideBySide({ browser, app, plain, sandbox, figure, signIn, runs = 3 }) {
  const { access_token } = await signIn('admin');
  const first = await (
    await fetch(`${sandbox}/systems/v1/system/all/page/0/perPage/10?type=ALL&sort=code&sortDir=ASC`, { headers: { Authorization: `Bearer ${access_token}` } })
  ).json();
  const code = first.content[0].code;
  const lists = [
    { name: 'systems list', base: app, list: '/systems-manage/manage', elsewhere: '/profile' },
    { name: 'plain react-admin List + Datagrid', base: plain, list: '/systems', elsewhere: '/altro' },
  ];
  const times = {};
  for (const l of lists) {
    times[l.name] = { load: [], move: [] };
    for (let i = 0; i < runs; i++) {
      for (const how of ['load', 'move']) {
        const context = await browser.newContext();
        await sessionFor(context, l.base, signIn, 'admin');
        const page = await context.newPage();
        try {
          if (how === 'load') {
            const t0 = Date.now();
            await page.goto(`${l.base}${l.list}`);
            await cellShown(page, code);
            times[l.name].load.push(Date.now() - t0);
          } else {
            await page.goto(`${l.base}${l.elsewhere}`, { waitUntil: 'networkidle' });
            const t0 = Date.now();
            await page.evaluate((to) => {
              const state = window.history.state;
              window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 }, '', to);
              window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
            }, l.list);
            await cellShown(page, code);
            times[l.name].move.push(Date.now() - t0);
          }
        } finally {
          await context.close();
        }
      }
    }
  }
  const [ours, theirs] = lists.map((l) => times[l.name]);
  for (const how of ['load', 'move']) {
    const label = how === 'load' ? 'full load' : 'in-app move';
    const a = median(ours[how]);
    const b = median(theirs[how]);
    figure(`systems list: ${label} → first row of data`, a, 'ms', `median of ${runs}: ${ours[how].join(', ')}`);
    figure(`plain react-admin List + Datagrid: ${label} → first row of data`, b, 'ms', `median of ${runs}: ${theirs[how].join(', ')}`);
    figure(`systems list / plain List, ${label}`, (a / b).toFixed(2), '×');
  }
  for (const l of lists) {
    const context = await browser.newContext();
    await sessionFor(context, l.base, signIn, 'admin');
    const page = await context.newPage();
    try {
      const seen = await firstPage(page, `${l.base}${l.list}`, sandbox);
      figure(`${l.name}: requests for the first page`, seen.length, 'req', `${seen.length - new Set(seen).size} duplicate; ${seen.map((s) => s.split(' ').slice(0, 2).join(' ').replace(sandbox, '')).join(' · ')}`);
    } finally {
      await context.close();
    }
  }
}
