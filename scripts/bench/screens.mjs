/* global window, document */
// Screen figures of `npm run bench`: requests per list screen (and duplicate identical ones), and
// time from navigation to first rows of the systems list, cold and from a warm cache.

/** The list screens of spec §2, with the role that opens them. */
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

export async function screenFigures({ browser, app, sandbox, figure, signIn }) {
  for (const [route, username] of LIST_SCREENS) {
    const context = await browser.newContext();
    await sessionFor(context, app, signIn, username);
    const page = await context.newPage();
    const seen = [];
    page.on('request', (r) => {
      if (r.url().startsWith(sandbox) && r.method() !== 'OPTIONS') seen.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
    });
    try {
      await page.goto(`${app}${route}`, { waitUntil: 'networkidle', timeout: 60_000 });
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
