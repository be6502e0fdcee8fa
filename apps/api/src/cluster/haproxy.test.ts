/**
 * The balancer's configuration checked without starting it: which POSTs it may send twice, and that
 * docs/operations.md shows operators the configuration the cluster suite runs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { haproxyConfig, readOnlyPosts } from './haproxy';

const repository = new URL('../../../../', import.meta.url);
const openApi = JSON.parse(readFileSync(new URL('docs/openapi.json', repository), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};
const operations = readFileSync(new URL('docs/operations.md', repository), 'utf8');

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

  it('is the one docs/operations.md shows, but for the servers', () => {
    const withoutServers = (text: string) =>
      text
        .split('\n')
        .filter((line) => !/^\s*(server |http-response set-header X-Node)/.test(line))
        .join('\n')
        .trim();
    const config = haproxyConfig({ port: 8080, statsPort: 8081, nodes: { node1: 8001 } });
    const sections = config.split('\n\n').filter((section) => /^(defaults|backend nodes)\n/.test(section));
    expect(sections).toHaveLength(2);
    const shown = operations.slice(operations.indexOf('\ndefaults\n'));
    expect(withoutServers(shown.slice(0, shown.indexOf('```')))).toBe(withoutServers(sections.join('\n\n')));
  });
});
