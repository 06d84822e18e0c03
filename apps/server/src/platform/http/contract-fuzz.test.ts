import { seededRandom, seedOf } from '@hiwar/nlu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../testing/accounts.ts';
import { type OwnerWorld, registerOwner, seedOwnerWorld } from '../../testing/owner-world.ts';
import {
  allCasesOf,
  type FuzzBaseline,
  type FuzzCase,
  internalsIn,
  sampleCases,
} from '../../testing/platform/http/contract-fuzz.ts';
import { sampleOf } from '../../testing/platform/http/fuzz-values.ts';
import {
  type ApiOperation,
  operationsOf,
  pathWith,
  probe,
  queryStringOf,
  readApiDocument,
} from '../../testing/platform/http/openapi-operations.ts';
import { isolationFixtures } from '../../testing/platform/http/tenant-isolation.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/**
 * Generated from the OpenAPI document: every operation gets hostile requests of each kind (see
 * testing/platform/http/contract-fuzz.ts). No answer may be a 5xx or show a stack trace or the server's files; a request
 * that breaks the contract for certain must be refused with a 4xx envelope. FUZZ_SEED picks other cases.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const CASES_PER_KIND = Number(process.env.FUZZ_CASES_PER_KIND ?? 4);

/** Fuzz path values are path text already: good ids are digits, bad ones carry their own percent-encoding. */
const asPathText = (value: string) => (/^[\w.~%+-]*$/.test(value) ? value : encodeURIComponent(value));

/** A request each operation accepts: the isolation fixture's call on the caller's own rows, else the schema's. */
function baselineOf(operation: ApiOperation, world: OwnerWorld): FuzzBaseline {
  const fixture = isolationFixtures[operation.key];
  const call = fixture && 'calls' in fixture ? fixture.calls(world, world)[0] : undefined;
  const params: Record<string, string> = {};
  for (const parameter of operation.pathParameters) {
    const value =
      call?.params?.[parameter.name] ??
      (parameter.name === 'bot' ? world.botToken : sampleOf(parameter.schema));
    params[parameter.name] = String(value);
  }
  const query: Record<string, string> = {};
  for (const parameter of operation.queryParameters) {
    const value =
      call?.query?.[parameter.name] ?? (parameter.required ? sampleOf(parameter.schema) : undefined);
    if (value !== undefined && value !== null) query[parameter.name] = String(value);
  }
  return { params, query, body: call?.body ?? sampleOf(operation.body ?? undefined) };
}

function problemsOf(fuzzCase: FuzzCase, status: number, text: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  const internals = internalsIn(text);
  if (internals) problems.push(`the answer shows internals (${internals})`);
  if (fuzzCase.mustRefuse && (status < 400 || status === 401)) problems.push(`not refused: ${status}`);
  if (status >= 400 && status < 500) {
    let envelope: { status?: unknown; msg?: unknown } | null = null;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = null;
    }
    if (envelope?.status !== 0 || typeof envelope.msg !== 'string')
      problems.push('a 4xx that is not the envelope');
  }
  return problems;
}

/** What the fuzz found: each hostile request's problems, in words, and how many requests went. */
async function fuzzOperations(
  server: TestServer,
  operations: ApiOperation[],
  world: OwnerWorld,
): Promise<{ failures: string[]; sent: number }> {
  const failures: string[] = [];
  let sent = 0;
  const tokenStillValid = async () => {
    const check = await server.call('GET', '/api/is_login', { token: world.token });
    if (check.status === 401) world.token = await loginAs(server, world.email, world.password);
    return world.token;
  };
  // calls that end something (deletes, logout) last, so the rest still finds the caller's rows
  const ordered = [...operations].sort(
    (a, b) => Number(/delete|logout/i.test(a.key)) - Number(/delete|logout/i.test(b.key)),
  );
  for (const operation of ordered) {
    const random = seededRandom(SEED ^ seedOf(operation.key));
    const cases = sampleCases(allCasesOf(operation, baselineOf(operation, world)), CASES_PER_KIND, random);
    const token = operation.signedIn ? await tokenStillValid() : undefined;
    for (const fuzzCase of cases) {
      const path = pathWith(operation.path, fuzzCase.params, asPathText) + queryStringOf(fuzzCase.query);
      const answer = await probe(server, operation.method, path, {
        ...(token && { token }),
        ...(fuzzCase.body !== undefined && { body: fuzzCase.body }),
        ...(fuzzCase.contentType && { contentType: fuzzCase.contentType }),
      });
      sent += 1;
      for (const problem of problemsOf(fuzzCase, answer.status, answer.text)) {
        failures.push(
          `${operation.key} [${fuzzCase.kind}: ${fuzzCase.label}] ${problem}: ${answer.text.slice(0, 300)}`,
        );
      }
    }
  }
  return { failures, sent };
}

describe.each(await testDatabaseKinds())('contract fuzz on $label', (kind) => {
  let server: TestServer;
  let operations: ApiOperation[];
  let world: OwnerWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    operations = operationsOf(await readApiDocument(server));
    world = await seedOwnerWorld(server, await registerOwner(server, 'fuzz'));
  });
  afterAll(async () => {
    await server.close();
  });

  it(`answers every operation's hostile requests with 4xx envelopes, no 5xx and no internals (seed ${SEED})`, {
    timeout: 120_000,
  }, async () => {
    const started = performance.now();
    const { failures, sent } = await fuzzOperations(server, operations, world);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `contract fuzz on ${kind.label}: ${sent} requests to ${operations.length} operations in ${seconds} s`,
    );
    expect(failures).toEqual([]);
  });
});

/** Sign-in with Facebook answers 404 without the operator's app: with one, its routes are fuzzed past that. */
describe.each(await testDatabaseKinds())('contract fuzz of sign-in with Facebook on $label', (kind) => {
  let server: TestServer;
  let operations: ApiOperation[];
  let world: OwnerWorld;

  beforeAll(async () => {
    // the Graph API is unreachable: no hostile request gets past the state check to Facebook
    server = await startTestServer(kind, {
      fbAppId: 'fuzz-app',
      fbAppSecret: 'fuzz-secret',
      facebookGraphUrl: 'http://127.0.0.1:9',
      facebookDialogUrl: 'http://127.0.0.1:9',
    });
    operations = operationsOf(await readApiDocument(server)).filter((operation) =>
      /\/passport\/(facebook|social_login)|\/user\/social_register/.test(operation.key),
    );
    world = await seedOwnerWorld(server, await registerOwner(server, 'fuzz'));
  });
  afterAll(async () => {
    await server.close();
  });

  it(`answers its hostile requests with 4xx envelopes or the console's pages (seed ${SEED})`, async () => {
    expect(operations.map((operation) => operation.key).sort()).toEqual([
      'GET /api/passport/facebook',
      'GET /api/passport/facebook/callback',
      'GET /api/user/social_register/{token}',
      'POST /api/passport/social_login',
      'POST /api/user/social_register',
    ]);
    const { failures } = await fuzzOperations(server, operations, world);
    expect(failures).toEqual([]);
  });
});
