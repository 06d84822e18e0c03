import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { messages, UPLOAD_IMAGE_MAX_BYTES, UPLOADS_PER_DAY_MAX, uploadMessages } from '@hiwar/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin } from '../../testing/accounts.ts';
import { imageFacts, phoneJpeg, pngOf } from '../../testing/images.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { uploadsDirOf } from './upload-image.ts';
import { countUploadsSince, insertUpload } from './upload-repository.ts';

const PNG = await pngOf(2, 2);
/** a photo with the camera and GPS position in its EXIF */
const JPEG = await phoneJpeg(4, 3);
/** the first bytes of each format and then something else: not an image */
const PNG_THEN_HTML = Buffer.concat([
  PNG.subarray(0, 8),
  Buffer.from('<html><script>alert(1)</script></html>'),
]);
const JPEG_THEN_TEXT = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0rest'),
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

function imageForm(bytes: Buffer, type: string, fileName: string, field = 'image'): FormData {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), fileName);
  return form;
}

describe.each(await testDatabaseKinds())('image uploads on $label', (kind) => {
  let server: TestServer;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ({ token, userId } = await registerAndLogin(server));
  });
  afterAll(async () => {
    await server.close();
  });

  const upload = (path: string, raw: FormData, as = token) =>
    server.call('POST', `/api/upload-image/${path}`, { token: as, raw });
  const storedFiles = () => readdirSync(uploadsDirOf(server.config.dataDir)).sort();

  it('stores a PNG for static cards, encoded again, and serves it as image/png, not sniffable', async () => {
    const answer = await upload('static-cards', imageForm(PNG, 'image/png', 'card.png'));
    expect(answer.status, answer.text).toBe(200);
    const url = answer.json.data.url as string;
    expect(url).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.png$/);
    expect(answer.json).toEqual({ status: 1, data: { url } });

    const image = await fetch(`${server.url}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await imageFacts(Buffer.from(await image.arrayBuffer()))).toEqual({
      format: 'png',
      width: 2,
      height: 2,
      hasExif: false,
    });
  });

  it('stores a JPEG for a dataset as image/jpeg without its GPS position, and records the upload for its owner', async () => {
    const before = await countUploadsSince(server.database.db, userId, '1970-01-01T00:00:00.000Z');
    const answer = await upload('dataset', imageForm(JPEG, 'image/jpeg', 'photo.jpeg'));
    expect(answer.status, answer.text).toBe(200);
    const url = answer.json.data.url as string;
    expect(url).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.jpg$/);

    const image = await fetch(`${server.url}${url}`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const stored = Buffer.from(await image.arrayBuffer());
    expect((await imageFacts(JPEG)).hasExif).toBe(true);
    expect(await imageFacts(stored)).toEqual({ format: 'jpeg', width: 4, height: 3, hasExif: false });
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(await countUploadsSince(server.database.db, userId, '1970-01-01T00:00:00.000Z')).toBe(before + 1);
  });

  it('refuses two file parts with 422 naming the field, and stores nothing', async () => {
    const before = storedFiles();
    const form = imageForm(PNG, 'image/png', 'one.png');
    form.append('image', new Blob([PNG], { type: 'image/png' }), 'two.png');
    const answer = await upload('static-cards', form);
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json).toEqual({
      status: 0,
      msg: messages.givenDataInvalid,
      errors: { image: [messages.oneFileOnly] },
    });
    expect(storedFiles()).toEqual(before);
  });

  it.each([
    ['a GIF', GIF, 'image/gif', 'anim.gif'],
    ['a GIF declared as PNG', GIF, 'image/png', 'anim.png'],
    ['a text file renamed .png', Buffer.from('just some text'), 'image/png', 'notes.png'],
    ['PNG bytes declared as something else', PNG, 'application/octet-stream', 'image.bin'],
    ['a PNG signature followed by HTML', PNG_THEN_HTML, 'image/png', 'page.png'],
    ['a JPEG start followed by text', JPEG_THEN_TEXT, 'image/jpeg', 'photo.jpg'],
  ])('refuses %s and stores nothing', async (_case, bytes, type, name) => {
    const before = storedFiles();
    const answer = await upload('static-cards', imageForm(bytes, type, name));
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json).toEqual({
      status: 0,
      msg: messages.givenDataInvalid,
      errors: { image: [messages.fileTypeUnsupported] },
    });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an image over 3 MB with the size message, naming the image field', async () => {
    const before = storedFiles();
    const huge = Buffer.concat([PNG, Buffer.alloc(UPLOAD_IMAGE_MAX_BYTES)]);
    const answer = await upload('dataset', imageForm(huge, 'image/png', 'huge.png'));
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.errors).toEqual({ image: [messages.fileTooLarge] });
    expect(storedFiles()).toEqual(before);
  });

  it('asks for the image when none is sent, as multipart or as JSON', async () => {
    const form = new FormData();
    form.append('note', 'no file here');
    const multipart = await upload('static-cards', form);
    expect(multipart.status, multipart.text).toBe(422);
    expect(multipart.json.errors).toEqual({ image: [messages.required] });

    const json = await server.call('POST', '/api/upload-image/static-cards', { token, body: { image: 'x' } });
    expect(json.status, json.text).toBe(422);
    expect(json.json.errors).toEqual({ image: [messages.required] });

    const otherField = await upload('static-cards', imageForm(PNG, 'image/png', 'a.png', 'file'));
    expect(otherField.status, otherField.text).toBe(422);
    expect(otherField.json.errors).toEqual({ image: [messages.required] });
  });

  it('refuses an unknown kind with 422', async () => {
    const answer = await upload('avatars', imageForm(PNG, 'image/png', 'a.png'));
    expect(answer.status, answer.text).toBe(422);
    expect(answer.json.errors).toEqual({ kind: [uploadMessages.kindInvalid] });
  });

  it('answers 401 without a sign-in and stores nothing', async () => {
    const before = storedFiles();
    const answer = await upload('static-cards', imageForm(PNG, 'image/png', 'a.png'), '');
    expect(answer.status, answer.text).toBe(401);
    expect(storedFiles()).toEqual(before);
  });

  it('never uses the part’s file name, so a path in it cannot leave the uploads folder', async () => {
    const dataDir = server.config.dataDir;
    for (const name of ['../../escaped.png', '..\\..\\escaped.png', '/tmp/escaped.png']) {
      const answer = await upload('static-cards', imageForm(PNG, 'image/png', name));
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.data.url).toMatch(/^\/api\/uploads\/[0-9a-f]{32}\.png$/);
    }
    expect(storedFiles().every((file) => /^[0-9a-f]{32}\.(png|jpg)$/.test(file))).toBe(true);
    for (const dir of [dataDir, dirname(dataDir), uploadsDirOf(dataDir)]) {
      expect(existsSync(join(dir, 'escaped.png')), dir).toBe(false);
    }
    const traversal = await fetch(`${server.url}/api/uploads/..%2F..%2Fhiwar.sqlite`);
    expect([400, 404]).toContain(traversal.status);
  });

  it(`refuses more than ${UPLOADS_PER_DAY_MAX} uploads a day per owner with 429, other owners unaffected`, async () => {
    const busy = await registerAndLogin(server);
    for (let index = 0; index < UPLOADS_PER_DAY_MAX; index += 1) {
      await insertUpload(server.database.db, busy.userId, {
        kind: 'dataset',
        file: `quota-${index}.png`,
        bytes: 1,
      });
    }
    const refused = await upload('dataset', imageForm(PNG, 'image/png', 'one-more.png'), busy.token);
    expect(refused.status, refused.text).toBe(429);
    expect(refused.json).toEqual({ status: 0, msg: uploadMessages.quotaReached });

    const other = await upload('dataset', imageForm(PNG, 'image/png', 'mine.png'));
    expect(other.status, other.text).toBe(200);
  });
});
