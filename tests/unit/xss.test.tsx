import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { useEffect } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminContext, Notification, useNotify, useTranslate } from 'react-admin';
import { i18nProvider } from '@/i18n';
import { STATUS_COLOURS, statusColour } from '@/ui/map/SystemPopup';

/**
 * A script text saved in any field renders as text everywhere. React escapes what it
 * renders; this test keeps src free of the ways around it (HTML strings handed to the DOM or to
 * Leaflet) and checks the path where user data meets translated text (interpolation, notifications).
 * The end-to-end twin is tests/e2e/failure.e2e.ts (lists, show, edit, map popup).
 */

const ROOT = join(__dirname, '../../src');
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

function sources(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('no HTML built from data in src', () => {
  const files = sources().map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, 'utf8') }));

  it('no HTML sinks: dangerouslySetInnerHTML, innerHTML, outerHTML, insertAdjacentHTML, document.write, srcdoc', () => {
    const sinks = /dangerouslySetInnerHTML|\.innerHTML\b|\.outerHTML\b|insertAdjacentHTML|document\.write|srcDoc|srcdoc/;
    expect(files.filter((f) => sinks.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it('no Leaflet popups / tooltips from strings (react-leaflet <Popup> children are React, so escaped)', () => {
    const leaflet = /\.(bindPopup|bindTooltip|setPopupContent|setTooltipContent|setContent)\(/;
    expect(files.filter((f) => leaflet.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it('Leaflet divIcon html interpolates only numbers and fixed colours, never record text', () => {
    const interpolations = files.flatMap((f) =>
      [...f.text.matchAll(/html:\s*`([^`]*)`/g)].flatMap((m) => [...m[1].matchAll(/\$\{([^}]*)\}/g)].map((x) => `${f.file}: ${x[1].trim()}`)),
    );
    // statusColour (src/ui/map/SystemPopup.tsx) answers one of its fixed colours whatever the status.
    const allowed = [/: size$/, /: count$/, /: statusColour\(m\.status\)$/];
    expect(interpolations.filter((i) => !allowed.some((a) => a.test(i)))).toEqual([]);
    expect(statusColour('active')).toBe('#2e7d32');
    expect(statusColour(XSS)).toBe(STATUS_COLOURS.initialized);
    expect(statusColour('constructor')).toBe(STATUS_COLOURS.initialized);
  });
});

describe('user data inside translated messages stays text', () => {
  function Notifier() {
    const notify = useNotify();
    const translate = useTranslate();
    useEffect(() => {
      notify('resources.teams.messages.created', { type: 'success', messageArgs: { name: XSS } });
    }, [notify]);
    return <p data-testid="translated">{translate('resources.systems.form.created', { code: XSS })}</p>;
  }

  it('a notification and a translation carrying script text show it literally and create no element', async () => {
    const { container } = render(
      <AdminContext i18nProvider={i18nProvider}>
        <Notifier />
        <Notification />
      </AdminContext>,
    );
    expect(screen.getByTestId('translated').textContent).toContain(XSS);
    expect((await screen.findByRole('alert')).textContent).toContain(XSS);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });
});
