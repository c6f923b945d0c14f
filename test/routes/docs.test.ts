import { describe, expect, it } from 'vitest';
import headersFile from '../../public/_headers?raw';
import initializer from '../../public/docs/init.js?raw';
import { CONTENT_SECURITY_POLICY, PAGE_HEADERS } from '../../src/http/security-headers.js';
import { appAt } from '../support/app.js';

const api = appAt('2026-11-29T12:00:00Z');

/** The `Name: value` lines of public/_headers under its one `/*` rule. */
function staticAssetHeaders(): Record<string, string> {
  const lines = headersFile.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
  expect(lines[0]).toBe('/*');
  return Object.fromEntries(
    lines.slice(1).map((l) => {
      const colon = l.indexOf(':');
      return [l.slice(0, colon).trim(), l.slice(colon + 1).trim()];
    }),
  );
}

describe('the interactive docs', () => {
  it('load Swagger UI and its initializer from this origin only', async () => {
    const res = await api('/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual([
      '/favicon.svg',
      '/docs/swagger-ui/swagger-ui.css',
      '/docs/swagger-ui/swagger-ui-bundle.js',
      '/docs/init.js',
    ]);
  });

  it("link the page's own icon, so that a browser asks for no missing /favicon.ico", async () => {
    const html = await (await api('/docs')).text();
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
  });

  it('hold no inline script or style, which their policy would refuse', async () => {
    const html = await (await api('/docs')).text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|style=/);
  });

  it('point Swagger UI at this API without the third-party validator', () => {
    expect(initializer).toContain("url: '/openapi.json'");
    expect(initializer).toContain('validatorUrl: null');
  });

  it('are sent with the page headers: scripts from self only, no framing', async () => {
    const res = await api('/docs');
    for (const [name, value] of Object.entries(PAGE_HEADERS)) expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });
});

describe('the page policy', () => {
  it('allows scripts, styles and connections from this origin only, never inline or eval', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe|https?:|\*/);
  });

  it('is what public/_headers gives the static assets, with every other page header', () => {
    expect(staticAssetHeaders()).toEqual(PAGE_HEADERS);
  });
});
