/* global document, window */
// Front-door figures of `npm run bench`: what staff and clients feel when they open the
// product cold. Each is a ratio, so that it says something on a shared, noisy machine:
// - the gzip JavaScript of /login and of the shared-estimate viewer, to a bare react-admin <Admin>;
// - sign-in click → the home screen's first rows, with a cold cache, to the same with a warm one;
// - the systems list: navigation → first rows, to the time of the API request it waits on (the
//   app's own overhead; 1.0 is the floor);
// - the availability screen (faces × weeks) the same way, with the number of requests it sent.

async function rowsVisible(page) {
  await page.waitForFunction(() => document.querySelectorAll('table tbody tr, [role="row"]').length > 1, null, { timeout: 120_000 });
}

/** A share link of the first estimate, made through the share service as the admin. */
async function shareViewPath(sandbox, signIn) {
  const { access_token: token } = await signIn('admin');
  const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const estimates = await (await fetch(`${sandbox}/estimate/estimate/getAllDto`, { headers: auth })).json();
  const response = await fetch(`${sandbox}/share/v1/share/create`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ resourceId: estimates[0].id, resourceType: 'estimate' }),
  });
  if (!response.ok) throw new Error(`share/create: ${response.status}`);
  return (await response.json()).viewPath;
}

/** Sign-in click → first rows of the home screen, in the given page (its cache as it is). */
async function signInToRows(page, app, username) {
  await page.goto(`${app}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel(/nome utente/i).fill(username);
  await page.getByLabel(/password/i).first().fill('demo');
  const t0 = Date.now();
  await page.getByRole('button', { name: /accedi/i }).click();
  await rowsVisible(page);
  return Date.now() - t0;
}

export async function frontDoorFigures({ browser, app, sandbox, seed, baselineJs, initialJs, figure, signIn }) {
  const login = await initialJs(browser, `${app}/login`);
  figure('initial JS of /login (gzip)', login.gzip, 'bytes', `${login.files} files`);
  figure('/login JS / bare react-admin <Admin>', (login.gzip / baselineJs).toFixed(2), '×');
  try {
    const viewer = await initialJs(browser, `${app}${await shareViewPath(sandbox, signIn)}`);
    figure('initial JS of the share viewer (gzip)', viewer.gzip, 'bytes', `${viewer.files} files`);
    figure('share viewer JS / bare react-admin <Admin>', (viewer.gzip / baselineJs).toFixed(2), '×');
  } catch (error) {
    figure('initial JS of the share viewer (gzip)', 'n/a', '', String(error.message).split('\n')[0]);
  }

  // Cold: a new browser context, nothing cached. Warm: the same context signs out and in again.
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  try {
    const cold = await signInToRows(page, app, 'admin');
    await page.evaluate(() => window.localStorage.clear());
    const warm = await signInToRows(page, app, 'admin');
    figure('sign-in click → home first rows, cold cache', cold, 'ms');
    figure('sign-in click → home first rows, warm cache', warm, 'ms');
    figure('sign-in → first rows: cold / warm', (cold / warm).toFixed(2), '×');

    // The systems list, reached from another screen of the signed-in app: how long after the API
    // answer do the rows show? The request timed is the list page the screen waits on.
    await page.goto(`${app}/profile`, { waitUntil: 'networkidle' });
    let apiMs = 0;
    const onFinished = (request) => {
      if (!/\/system\/all\/page\/|\/system\/search\/params/.test(request.url())) return;
      const t = request.timing();
      if (t.responseEnd > 0) apiMs = Math.max(apiMs, t.responseEnd - t.requestStart);
    };
    page.on('requestfinished', onFinished);
    const t0 = Date.now();
    await page.goto(`${app}/systems-manage/manage`);
    await rowsVisible(page);
    const screenMs = Date.now() - t0;
    page.off('requestfinished', onFinished);
    figure(`systems list: navigation → first rows (${seed} seed)`, screenMs, 'ms');
    figure('systems list: the API request it waits on', apiMs.toFixed(0), 'ms');
    figure('systems list: screen / API request', apiMs > 0 ? (screenMs / apiMs).toFixed(2) : 'n/a', '×');

    // The availability screen (faces × eight weeks, its first page), the same way: navigation →
    // first face rows, to the one GET /availability it waits on; and how many of those it sent.
    await page.goto(`${app}/profile`, { waitUntil: 'networkidle' });
    let availabilityMs = 0;
    let availabilityRequests = 0;
    const onAvailability = (request) => {
      if (!/\/planner\/v1\/availability\?/.test(request.url())) return;
      availabilityRequests += 1;
      const t = request.timing();
      if (t.responseEnd > 0) availabilityMs = Math.max(availabilityMs, t.responseEnd - t.requestStart);
    };
    page.on('requestfinished', onAvailability);
    const a0 = Date.now();
    await page.goto(`${app}/availability`);
    await page.waitForSelector('tr[data-frame-id]', { timeout: 120_000 });
    const availabilityScreenMs = Date.now() - a0;
    await page.waitForLoadState('networkidle');
    page.off('requestfinished', onAvailability);
    figure(`availability: navigation → first rows (${seed} seed)`, availabilityScreenMs, 'ms');
    figure('availability: the API request it waits on', availabilityMs.toFixed(0), 'ms', `${availabilityRequests} request(s)`);
    figure('availability: screen / API request', availabilityMs > 0 ? (availabilityScreenMs / availabilityMs).toFixed(2) : 'n/a', '×');
  } catch (error) {
    figure('sign-in and systems list timings', 'n/a', '', String(error.message).split('\n')[0]);
  } finally {
    await context.close();
  }
}
