/**
 * The balancer's configuration checked without starting it: which POSTs it may send twice, that it
 * ends TLS with HTTP/2, and that docs/operations.md shows operators the configuration the cluster
 * suite runs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { haproxyConfig, readOnlyPosts } from './haproxy';

const repository = new URL('../../../../', import.meta.url);
const openApi = JSON.parse(readFileSync(new URL('docs/openapi.json', repository), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};
const operations = readFileSync(new URL('docs/operations.md', repository), 'utf8');
const suiteOptions = {
  port: 8080,
  statsPort: 8081,
  certificate: '/tmp/cluster/balancer.pem',
  nodes: { node1: 8001 },
};

describe("the balancer's configuration", () => {
  it('sends again only the POSTs that read a grid or a list, however the path is written', () => {
    const posts = Object.keys(openApi.paths)
      .filter((path) => 'post' in openApi.paths[path]!)
      .map((path) => `/ui${path.replace(/\{[^}]+\}/g, '7')}`);
    // HAProxy's `path_reg -i`: case ignored; the router also takes a trailing slash.
    const patterns = readOnlyPosts.map((pattern) => new RegExp(pattern, 'i'));
    const retried = (path: string) => patterns.some((pattern) => pattern.test(path));
    for (const path of posts) {
      expect([path.toUpperCase(), `${path}/`].map(retried), path).toEqual([retried(path), retried(path)]);
    }
    expect(posts.filter(retried).sort()).toEqual(
      [
        '/ui/api/clients',
        '/ui/api/clients/grid',
        '/ui/api/clients/nextTenant',
        '/ui/api/clients/reminders',
        '/ui/api/admin/clientUsers',
        '/ui/api/admin/clientUsers/grid',
        '/ui/api/admin/clientUsers/nextTenant',
        '/ui/api/admin/clientUsers/reminders',
        '/ui/api/reminder/subscriptions/7/7',
        '/ui/api/admin/audit/query',
        '/ui/api/admin/mail/query',
        '/ui/api/admin/corporation/query',
        '/ui/api/admin/tenantusers/query',
        '/ui/api/admin/tenantusers/query-realtors',
      ].sort(),
    );
  });

  it('is the one docs/operations.md shows, but for the servers, the address and the certificate', () => {
    // The suite binds a port of its own on 127.0.0.1 with a certificate made for the run, and has
    // no plain-HTTP frontend to redirect.
    const comparable = (section: string) =>
      section
        .split('\n')
        .filter((line) => !/^\s*(server |http-response set-header X-Node)/.test(line))
        .map((line) => line.replace(/^(\s*bind )\S+ ssl crt \S+ /, '$1ADDRESS ssl crt PEM '))
        .join('\n')
        .trim();
    const sectionsOf = (text: string) =>
      text
        .split('\n\n')
        .filter((section) => /^(defaults|frontend api|backend nodes)\n/.test(section))
        .map(comparable);
    const config = haproxyConfig(suiteOptions);
    expect(sectionsOf(config)).toHaveLength(3);
    const shown = operations.slice(operations.indexOf('\ndefaults\n') + 1);
    expect(sectionsOf(shown.slice(0, shown.indexOf('```')))).toEqual(sectionsOf(config));
  });

  it("ends TLS offering HTTP/2 to the API's clients and tells the nodes, and keeps the stats plain", () => {
    const sections = haproxyConfig(suiteOptions).split('\n\n');
    const section = (name: string) => sections.find((text) => text.startsWith(`${name}\n`)) ?? '';
    expect(section('frontend api').split('\n')).toEqual([
      'frontend api',
      '  bind 127.0.0.1:8080 ssl crt /tmp/cluster/balancer.pem alpn h2,http/1.1',
      '  http-request set-header X-Forwarded-Proto https',
      '  default_backend nodes',
    ]);
    expect(section('defaults')).toContain('\n  option forwardfor');
    expect(section('frontend stats')).toContain('\n  bind 127.0.0.1:8081\n');
    expect(section('frontend stats')).not.toContain('ssl');
    expect(sections.join('\n\n')).not.toContain('redirect');
  });
});
