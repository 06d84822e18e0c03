import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnerWorld, registerOwner, seedOwnerWorld } from '../../testing/owner-world.ts';
import {
  type ApiOperation,
  operationsOf,
  type ProbeAnswer,
  pathWith,
  probe,
  queryStringOf,
  readApiDocument,
} from '../../testing/platform/http/openapi-operations.ts';
import {
  type FixtureCall,
  type IsolationFixture,
  isolationFixtures,
  type OwnerScopedFixture,
} from '../../testing/platform/http/tenant-isolation.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/**
 * Generated from the OpenAPI document the server publishes: every owner-scoped operation is called by owner B
 * with owner A's rows (see testing/platform/http/tenant-isolation.ts for the fixture table and the three ways it runs).
 */
function isOwnerScoped(fixture: IsolationFixture): fixture is OwnerScopedFixture {
  return 'scope' in fixture;
}

function send(
  server: TestServer,
  operation: ApiOperation,
  call: FixtureCall,
  token: string,
): Promise<ProbeAnswer> {
  const path = pathWith(operation.path, call.params ?? {}) + queryStringOf(call.query);
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  return probe(server, operation.method, path, { token, ...(body !== undefined && { body }) });
}

/** The strings that would give owner A's data away: the marker in every row, and the account's email. */
function tracesOf(world: OwnerWorld): string[] {
  return [world.marker, world.email];
}

describe.each(await testDatabaseKinds())('tenant isolation on $label', (kind) => {
  let server: TestServer;
  let operations: ApiOperation[];
  let ownerA: OwnerWorld;
  let ownerB: OwnerWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    operations = operationsOf(await readApiDocument(server));
    ownerA = await seedOwnerWorld(server, await registerOwner(server, 'ownera'));
    ownerB = await seedOwnerWorld(server, await registerOwner(server, 'ownerb'));
  });
  afterAll(async () => {
    await server.close();
  });

  function ownerScopedOperations(): [ApiOperation, OwnerScopedFixture][] {
    return operations.flatMap((operation) => {
      const fixture = isolationFixtures[operation.key];
      return fixture && isOwnerScoped(fixture)
        ? [[operation, fixture] as [ApiOperation, OwnerScopedFixture]]
        : [];
    });
  }

  async function readsOf(world: OwnerWorld): Promise<Record<string, ProbeAnswer[]>> {
    const answers: Record<string, ProbeAnswer[]> = {};
    for (const [operation, fixture] of ownerScopedOperations()) {
      if (!fixture.read) continue;
      answers[operation.key] = [];
      for (const call of fixture.calls(world, world)) {
        answers[operation.key]?.push(await send(server, operation, call, world.token));
      }
    }
    return answers;
  }

  it('has a fixture for every operation of the OpenAPI document, and none for operations that are gone', () => {
    const keys = operations.map((operation) => operation.key);
    const missing = keys.filter((key) => !(key in isolationFixtures));
    expect(
      missing,
      `Add an entry for each of these operations to isolationFixtures in ` +
        `apps/server/src/testing/platform/http/tenant-isolation.ts: how to call it with another owner's ` +
        `ids, or why it is not owner-scoped`,
    ).toEqual([]);
    const stale = Object.keys(isolationFixtures).filter((key) => !keys.includes(key));
    expect(stale, 'These fixtures name operations the OpenAPI document no longer has: remove them').toEqual(
      [],
    );
    expect(operations.length).toBeGreaterThan(50);
  });

  it('fills exactly the path parameters each operation declares', () => {
    for (const [operation, fixture] of ownerScopedOperations()) {
      const declared = operation.pathParameters.map((parameter) => parameter.name).sort();
      for (const call of fixture.calls(ownerA, ownerB)) {
        expect(Object.keys(call.params ?? {}).sort(), operation.key).toEqual(declared);
      }
    }
  });

  it("answers owner B's calls with owner A's ids without A's data, and leaves A's data unchanged", {
    timeout: 60_000,
  }, async () => {
    const before = await readsOf(ownerA);
    for (const [operation, fixture] of ownerScopedOperations()) {
      if (!fixture.read) continue;
      for (const answer of before[operation.key] ?? []) {
        expect(answer.status, `${operation.key} read by its owner: ${answer.text}`).toBe(200);
        if (fixture.read === 'shows-marker') expect(answer.text, operation.key).toContain(ownerA.marker);
      }
    }

    for (const [operation, fixture] of ownerScopedOperations()) {
      for (const call of fixture.calls(ownerA, ownerB)) {
        const answer = await send(server, operation, call, ownerB.token);
        const context = `${operation.key} by owner B with ${JSON.stringify(call)}: ${answer.status} ${answer.text}`;
        expect(answer.status, context).toBeLessThan(500);
        for (const trace of tracesOf(ownerA)) expect(answer.text, context).not.toContain(trace);
        if (fixture.scope === 'by-id') {
          expect(answer.status, context).toBeGreaterThanOrEqual(400);
          expect(answer.status, `${context} (the token must still be valid)`).not.toBe(401);
        }
      }
    }

    expect(await readsOf(ownerA)).toEqual(before);
  });

  // a read shares one world of B's own; every other operation gets a fresh one (it may delete its rows)
  it('lets an owner make every one of those calls on its own rows', { timeout: 180_000 }, async () => {
    const forReads = await seedOwnerWorld(server, ownerB);
    for (const [operation, fixture] of ownerScopedOperations()) {
      const own = fixture.read ? forReads : await seedOwnerWorld(server, ownerB);
      for (const call of fixture.calls(own, own)) {
        const answer = await send(server, operation, call, own.token);
        const context = `${operation.key} on the caller's own rows with ${JSON.stringify(call)}: ${answer.text}`;
        expect(answer.status, context).toBeGreaterThanOrEqual(200);
        expect(answer.status, context).toBeLessThan(300);
      }
    }
  });
});
