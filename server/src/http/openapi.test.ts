import { SessionUserView } from '@chatflow/contract';
import { expect, test } from 'vitest';
import { useTestApp } from '../test/harness';

/**
 * Routes that answer with no JSON body to declare, each with its reason. Files and streams declare
 * their media type instead (GET /contacts/export), so today nothing needs to be here.
 */
const WITHOUT_RESPONSE_SCHEMA: Record<string, string> = {};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

const t = useTestApp();

test('GET /docs/json lists a response schema for the success status of every route', async () => {
  const res = await t.anon.get('/docs/json');
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Partial<Record<(typeof METHODS)[number], OpenApiOperation>>>;

  const operations = Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ route: `${m.toUpperCase()} ${path}`, op: item[m] as OpenApiOperation })),
  );
  expect(operations.length).toBeGreaterThan(90);
  // The inbox's two hottest routes are among them (a sanity check that the walk reads the document).
  expect(operations.map((o) => o.route)).toEqual(expect.arrayContaining(['GET /tickets', 'GET /messages/{ticketUuid}']));

  const missing = operations
    .filter(({ route }) => !(route in WITHOUT_RESPONSE_SCHEMA))
    .filter(({ op }) => {
      const success = Object.entries(op.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
      const content = success?.[1].content;
      return !content || Object.values(content).some((c) => !c.schema);
    })
    .map((o) => o.route);
  expect(missing).toEqual([]);

  // Errors share one documented body ({ error, fields? }).
  const withoutErrorBody = operations.filter(({ op }) => !op.responses?.['4XX']?.content?.['application/json']?.schema).map((o) => o.route);
  expect(withoutErrorBody).toEqual([]);
});

test('a response carries exactly the keys of its view', async () => {
  const company = await t.factory.company();
  const admin = await t.factory.user({ companyId: company.id, profile: 'admin' });
  const res = await (await t.as(admin)).get('/auth/me');
  expect(res.statusCode).toBe(200);
  const user = res.json();
  expect(Object.keys(user).sort()).toEqual(Object.keys(SessionUserView.shape).sort());
  expect(user).not.toHaveProperty('passwordHash');
});
