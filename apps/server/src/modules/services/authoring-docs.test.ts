import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const [sqlite] = await testDatabaseKinds();

describe('OpenAPI of the authoring calls', () => {
  let server: TestServer;
  beforeAll(async () => {
    if (!sqlite) throw new Error('no test database');
    server = await startTestServer(sqlite);
  });
  afterAll(async () => {
    await server.close();
  });

  it('documents every services, commands, variables, examples, datasets and components call', async () => {
    const answer = await server.call('GET', '/api/docs/json');
    expect(answer.status).toBe(200);
    const paths = Object.keys(answer.json.paths);
    for (const path of [
      '/api/service',
      '/api/service/save/{id}',
      '/api/service/{service_id}/examples',
      '/api/command/get/{service_id}/{page}',
      '/api/command/clone/{service_id}/{command_id}',
      '/api/command_var/save/{var_id}/{command_id}',
      '/api/command_var/get_all_preferences/0',
      '/api/command_example/save_all/',
      '/api/command_example/delete/{_id}',
      '/api/dataset/find',
      '/api/components/entities',
    ]) {
      expect(paths, path).toContain(path);
    }
    const saveVariable = answer.json.paths['/api/command_var/save/{var_id}/{command_id}'].post;
    expect(Object.keys(saveVariable.requestBody.content['application/json'].schema.properties)).toContain(
      'var_fallback_redirect_command_id',
    );
  });
});
