import { readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import anyTest, { type TestFn } from 'ava';
import { type TestApi, useSharedTestApi } from '../helpers/api';
import { documentedFetch } from '../helpers/openapi-check';

const LIMIT = 4096;
const test = anyTest as TestFn<{ api: TestApi }>;
useSharedTestApi(test, { MAX_UPLOAD_BYTES: String(LIMIT) });

const body = (head: number[] | string, size = 600) => {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  return Buffer.concat([start, Buffer.from(Array.from({ length: size }, (_, i) => (i * 7) % 256))]);
};
const SAMPLES = {
  png: { bytes: body([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), type: 'image/png' },
  jpg: { bytes: body([0xff, 0xd8, 0xff, 0xe0]), type: 'image/jpeg' },
  gif: { bytes: body('GIF89a'), type: 'image/gif' },
  webp: { bytes: body('RIFF\x00\x10\x00\x00WEBPVP8 '), type: 'image/webp' },
};

function upload(api: TestApi, bytes: Buffer, filename: string, declaredType = 'application/octet-stream', field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type: declaredType }), filename);
  return api.request('POST', '/api/images', { token: api.users.moderator.token, raw: form });
}

/** A GET with the path exactly as written (fetch would normalise ../ away). */
function rawGet(api: TestApi, rawPath: string): Promise<number> {
  const { hostname, port } = new URL(api.base);
  return new Promise((resolve, reject) => {
    http.get({ hostname, port, path: rawPath }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

const storedFiles = (api: TestApi) => {
  try {
    return readdirSync(path.join(api.config.uploads.dir, 'images'));
  } catch {
    return [];
  }
};

for (const [ext, sample] of Object.entries(SAMPLES)) {
  test.serial(`a ${ext.toUpperCase()} upload round-trips byte for byte with its Content-Type, nosniff and a long cache`, async (t) => {
    const { api } = t.context;
    const reply = await upload(api, sample.bytes, 'whatever.bin', 'text/plain');
    t.is(reply.status, 201);
    t.regex(reply.body.name, new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
    t.is(reply.body.path, `/uploads/images/${reply.body.name}`);
    t.is(reply.body.url, `${api.config.http.publicBaseUrl}${reply.body.path}`);
    t.is(reply.body.content_type, sample.type);
    t.is(reply.headers.get('location'), reply.body.url);
    const served = await documentedFetch(`${api.base}${reply.body.path}`);
    t.is(served.status, 200);
    t.is(served.headers.get('content-type'), sample.type);
    t.is(served.headers.get('x-content-type-options'), 'nosniff');
    t.regex(served.headers.get('cache-control') ?? '', /max-age=31536000/);
    t.deepEqual(Buffer.from(await served.arrayBuffer()), sample.bytes);
  });
}

test.serial('SVG, HTML and a text file named .png are 415 and nothing is kept', async (t) => {
  const { api } = t.context;
  const before = storedFiles(api);
  const refused = [
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml'],
    [Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.html', 'text/html'],
    [Buffer.from('just some text, honest'), 'photo.png', 'image/png'],
  ] as const;
  for (const [bytes, name, type] of refused) {
    const reply = await upload(api, bytes, name, type);
    t.is(reply.status, 415, name);
    t.is(reply.body.code, 'unsupported_media_type');
  }
  t.deepEqual(storedFiles(api), before);
  t.deepEqual(readdirSync(path.join(api.config.uploads.dir, '.incoming')), []);
});

test.serial('a file over MAX_UPLOAD_BYTES is 413 and nothing lands on disk', async (t) => {
  const { api } = t.context;
  const before = storedFiles(api);
  const reply = await upload(api, body([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], LIMIT * 4), 'big.png', 'image/png');
  t.is(reply.status, 413);
  t.is(reply.body.code, 'payload_too_large');
  t.deepEqual(storedFiles(api), before);
  t.deepEqual(readdirSync(path.join(api.config.uploads.dir, '.incoming')), []);
});

test('an upload without the field file is 400', async (t) => {
  const { api } = t.context;
  const reply = await upload(api, SAMPLES.png.bytes, 'a.png', 'image/png', 'picture');
  t.is(reply.status, 400);
  t.like(reply.body, { code: 'validation_failed', errors: [{ path: 'file' }] });
  const json = await api.request('POST', '/api/images', { token: api.users.admin.token, body: { file: 'x' } });
  t.is(json.status, 400);
});

test('anything that is not a stored file is 404: unknown names, traversal, encoded and double-encoded slashes', async (t) => {
  const { api } = t.context;
  writeFileSync(path.join(api.config.uploads.dir, 'secret.txt'), 'do not serve');
  const attempts = [
    '/uploads/images/0123456789abcdef0123456789abcdef.png',
    '/uploads/images/../secret.txt',
    '/uploads/images/..%2Fsecret.txt',
    '/uploads/images/..%252Fsecret.txt',
    '/uploads/images/%2e%2e%2fsecret.txt',
    '/uploads/images/..\\secret.txt',
    '/uploads/images/',
    '/uploads/secret.txt',
  ];
  for (const attempt of attempts) t.is(await rawGet(api, attempt), 404, attempt);
});

test.serial('the whole multipart body is held to the limit: a large text field is 413, also when the body is chunked', async (t) => {
  const { api } = t.context;
  const form = new FormData();
  form.append('note', 'n'.repeat(200 * 1024));
  form.append('file', new Blob([SAMPLES.png.bytes], { type: 'image/png' }), 'a.png');
  const withField = await api.request('POST', '/api/images', { token: api.users.moderator.token, raw: form });
  t.is(withField.status, 413);
  t.is(withField.body.code, 'payload_too_large');

  // No Content-Length: the body is counted as it streams.
  const boundary = 'chunky';
  const { hostname, port } = new URL(api.base);
  const status = await new Promise<number>((resolve, reject) => {
    const request = http.request({
      hostname, port, method: 'POST', path: '/api/images', agent: false,
      headers: { authorization: `Bearer ${api.users.moderator.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
    }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on('error', reject);
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
    request.write(SAMPLES.png.bytes);
    for (let i = 0; i < 40; i += 1) request.write(Buffer.alloc(8 * 1024, 1));
    request.end(`\r\n--${boundary}--\r\n`);
  });
  t.is(status, 413);
  t.deepEqual(readdirSync(path.join(api.config.uploads.dir, '.incoming')), []);
});

test.serial('only the first file is taken: a second one is skipped, not a 413', async (t) => {
  const { api } = t.context;
  const form = new FormData();
  form.append('file', new Blob([SAMPLES.gif.bytes], { type: 'image/gif' }), 'first.gif');
  form.append('file', new Blob([SAMPLES.png.bytes], { type: 'image/png' }), 'second.png');
  const reply = await api.request('POST', '/api/images', { token: api.users.moderator.token, raw: form });
  t.is(reply.status, 201);
  t.is(reply.body.content_type, 'image/gif');
});

test('a broken multipart body is a 400 with a generic message', async (t) => {
  const { api } = t.context;
  const reply = await api.request('POST', '/api/images', {
    token: api.users.moderator.token,
    raw: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG unfinished',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
  });
  t.is(reply.status, 400);
  t.like(reply.body, { code: 'bad_request', detail: 'the multipart body could not be read' });
  t.notRegex(JSON.stringify(reply.body), /uploads|incoming|\/tmp/);
});
