import { PLAN_SWITCHES } from '@chatflow/contract';
import type { InjectOptions } from 'fastify';
import { expect, test } from 'vitest';
import type { CompanyRow, UserRow } from '../db/schema';
import { samplePathValues, sampleQuery } from '../http/fuzz/cases';
import { type Operation, operationsOf, urlOf } from '../http/fuzz/operations';
import { makeContact, makeTag } from '../test/contacts';
import { useTestApp } from '../test/harness';
import { ROUTE_ACCESS, type RouteRule } from './route-access';

const t = useTestApp();

/** A caller of the walk: who it is, and which company's plan it stands on. */
interface Caller {
  name: string;
  user: UserRow | null;
  /** Its company's plan has every switch (false: none). */
  planOn: boolean;
  /** Another company than the rows the path names. */
  stranger?: boolean;
}

/**
 * What the row predicts for a caller: refused by the login check, by the role, by the plan, or let
 * through. A caller both rules refuse may hear either (the routes check them in their own order).
 */
function expected(rule: RouteRule, caller: Caller): string[] {
  const user = caller.user;
  if (!user) return ['login'];
  const admin = user.profile === 'admin' || (rule.flag !== undefined && user[rule.flag] === 'enabled');
  const roleRefuses = (rule.who === 'super' && !user.super) || (rule.who === 'admin' && !admin);
  const planRefuses = rule.plan !== undefined && !caller.planOn;
  const refusals = [...(roleRefuses ? ['role'] : []), ...(planRefuses ? ['plan'] : [])];
  return refusals.length ? refusals : ['through'];
}

/** The answer's class: a guard's refusal (by its status and code) or anything else (the route ran). */
function classOf(status: number, error: string | undefined): string {
  if (status === 401 && error === 'ERR_SESSION_EXPIRED') return 'login';
  if (status === 403 && error === 'ERR_NO_PERMISSION') return 'role';
  if (status === 403 && error === 'ERR_PLAN_FEATURE_DISABLED') return 'plan';
  return 'through';
}

/** Rows of company A that a path may name, so another company's admin is seen to get 404 on them. */
const ROWS_OF_A: Record<string, (a: CompanyRow) => Promise<number>> = {
  '/users/:id': async (a) => (await t.factory.user({ company: a })).id,
  '/queue/:id': async (a) => (await t.factory.queue(a.id)).id,
  '/contacts/:id': async (a) => (await makeContact(t.database.db, a.id)).id,
  '/tags/:id': async (a) => (await makeTag(t.database.db, a.id)).id,
};

/**
 * The request a route gets: its path filled with valid sample values (or a row of company A), and a
 * body that is deliberately broken JSON: a refused caller must be refused before the body is read
 * (401/403, never 400), a caller let through gets the validation's 400.
 */
function requestFor(method: string, url: string, op: Operation | undefined, rowId?: number): InjectOptions {
  const values = op ? samplePathValues(op) : {};
  if (rowId !== undefined) values.id = String(rowId);
  const path = op ? urlOf(op, values, sampleQuery(op)) : url.replace(/:\w+/g, '1').replace('*', 'x');
  const request: InjectOptions = { method: method as InjectOptions['method'], url: path };
  if (op?.body) Object.assign(request, { payload: '{"broken": ', headers: { 'content-type': 'application/json' } });
  return request;
}

test('every route answers each kind of caller as its row in ROUTE_ACCESS says, before reading the body', { timeout: 600_000 }, async () => {
  const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD');
  const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
  // Every route has a row, and every row a route (a renamed route takes its row along).
  expect([...registered].filter((route) => !(route in ROUTE_ACCESS))).toEqual([]);
  expect(Object.keys(ROUTE_ACCESS).filter((route) => !registered.has(route))).toEqual([]);
  // HEAD routes are the GET routes' (Fastify's), answered by the same handler and guards.
  expect(t.app.routeTable.filter((r) => r.method === 'HEAD' && !registered.has(`GET ${r.url}`))).toEqual([]);

  const operations = operationsOf((await t.anon.get('/docs/json')).json());
  const noSwitch = await t.factory.plan(Object.fromEntries(PLAN_SWITCHES.map((s) => [s, false])));
  const a = await t.factory.company();
  const off = await t.factory.company({ planId: noSwitch.id });
  const flags = { showDashboard: 'enabled', allowRealTime: 'enabled', allowConnections: 'enabled' } as const;
  const callers: Caller[] = [
    { name: 'anonymous', user: null, planOn: true },
    { name: 'user', user: await t.factory.user({ company: a }), planOn: true },
    { name: 'user with every flag', user: await t.factory.user({ company: a, ...flags }), planOn: true },
    { name: 'other company admin', user: await t.factory.admin(), planOn: true, stranger: true },
    { name: 'super', user: await t.factory.superUser(), planOn: true, stranger: true },
    { name: 'user without switches', user: await t.factory.user({ company: off }), planOn: false },
    { name: 'admin without switches', user: await t.factory.admin({ company: off }), planOn: false },
    { name: 'admin', user: await t.factory.admin({ company: a }), planOn: true },
  ];

  const wrong: string[] = [];
  let calls = 0;
  for (const { method, url } of routes) {
    const answers = new Set<string>();
    const rule = ROUTE_ACCESS[`${method} ${url}`];
    const op = operations.find((o) => o.path === url.replace(/:(\w+)/g, '{$1}') && o.method === method);
    for (const caller of callers) {
      // A fresh row per call: a member of A before may have deleted the last one.
      const rowOfA = ROWS_OF_A[url] && !op?.body ? await ROWS_OF_A[url](a) : undefined;
      // A fresh session per call: a route may end the caller's session (logout, a password change).
      const api = caller.user ? await t.as(caller.user) : t.anon;
      const res = await api.inject(requestFor(method, url, op, rowOfA));
      calls++;
      const error = res.headers['content-type']?.toString().includes('json') ? (res.json() as { error?: string }).error : undefined;
      // A rate limit (password reset) is no guard: it counts calls, not callers.
      if (res.statusCode !== 429) answers.add(`${res.statusCode} ${error ?? ''}`);
      if (rule.who === 'public') continue;
      const want = expected(rule, caller);
      let got = classOf(res.statusCode, error);
      // A row of A seen by an admin of another company (or a super user, an admin of its own) is not found.
      if (got === 'through' && rowOfA !== undefined && (caller.stranger || caller.user?.companyId === off.id)) {
        got = res.statusCode === 404 || res.statusCode === 403 ? 'through' : `found another company's row (${res.statusCode})`;
      }
      // …while its own admin finds it: the id in the path is a real row.
      if (rowOfA !== undefined && caller.name === 'admin' && res.statusCode === 404) got = 'did not find its own row';
      if (!want.includes(got)) wrong.push(`${method} ${url} as ${caller.name}: ${res.statusCode} ${error ?? ''}, the row says ${want}`);
    }
    // A public route authorises itself (or no one): whoever calls, with or without a login, hears the same.
    if (rule.who === 'public' && answers.size > 1) wrong.push(`${method} ${url} is public but answers ${[...answers].join(' / ')}`);
  }
  expect(wrong).toEqual([]);
  expect(calls).toBeGreaterThan(1500);
});
