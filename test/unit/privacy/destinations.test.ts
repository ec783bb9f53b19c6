import assert from 'node:assert/strict';
import { isLocalLocation, isLoopbackUrl, remoteDestinations, withoutCredentials } from '../../../src/core/privacy/destinations';
import { editorDestinations, type DestinationSettings } from '../../../src/vscode/settings/remoteDestinations';

/** The editor's defaults for these settings (src/vscode/settings/config.ts, which needs `vscode` to load). */
const DEFAULTS: DestinationSettings = {
  llm: { provider: 'ollama', baseUrl: '' },
  ollama: { host: '' },
  embedding: { provider: 'auto' },
  langfuse: { enabled: false, host: 'https://cloud.langfuse.com', publicKey: '' },
};
const config = (patch: (c: DestinationSettings) => void): DestinationSettings => {
  const c = structuredClone(DEFAULTS);
  patch(c);
  return c;
};

describe('what leaves this machine', () => {
  it('loopback is this machine (127/8, ::1, localhost); a LAN address or a name is not', () => {
    for (const url of ['http://127.0.0.1:11434', 'http://127.8.9.1', 'http://[::1]:8000/v1', 'http://localhost:1234/v1', 'localhost:8000'])
      assert.ok(isLoopbackUrl(url), url);
    for (const url of ['http://192.168.1.20:8000/v1', 'http://gpu-box:8000/v1', 'https://cloud.langfuse.com', 'http://127.0.0.1.example.com'])
      assert.ok(!isLoopbackUrl(url), url);
  });

  it('an index location is local unless it is an object-store URI', () => {
    for (const l of ['/home/a/.research-index', 'relative/idx', 'C:\\idx', 'file:///tmp/idx']) assert.ok(isLocalLocation(l), l);
    for (const l of ['s3://research/idx', 'gs://b/p', 'az://c/p']) assert.ok(!isLocalLocation(l), l);
  });

  it('one destination per remote place, each with its line; local ones say nothing', () => {
    const out = remoteDestinations({
      modelServers: [
        { url: 'http://gpu-box:8000/v1', name: 'the model server', sends: 'questions and document passages' },
        { url: 'http://gpu-box:8000/v1', name: 'the model server', sends: 'questions' },
        { url: 'http://127.0.0.1:11434', name: 'Ollama', sends: 'document text' },
      ],
      langfuse: { enabled: true, host: null },
      indexLocations: ['s3://research/idx', '/local/idx'],
    });
    assert.deepEqual(
      out.map((d) => d.message),
      [
        'questions and document passages go to the model server at http://gpu-box:8000/v1, which is not this machine',
        'questions, passages and answers are traced to Langfuse at https://cloud.langfuse.com, which is not this machine',
        'the index (document text and vectors) is kept at s3://research/idx, not on this machine',
      ],
    );
    assert.deepEqual(remoteDestinations({ langfuse: { enabled: false, host: 'https://cloud.langfuse.com' } }), [], 'tracing off sends nothing');
  });

  it('the editor defaults send nothing off the machine; an openai-compatible server elsewhere, or Ollama on another host, is named', () => {
    assert.deepEqual(editorDestinations(DEFAULTS, [], {}), []);
    const server = editorDestinations(
      config((c) => ((c.llm.provider = 'openai-compatible'), (c.llm.baseUrl = 'gpu-box:8000'))),
      [],
      {},
    );
    assert.deepEqual(
      server.map((d) => d.key),
      ['model-server:http://gpu-box:8000/v1'],
    );
    const ollama = editorDestinations(
      config((c) => (c.ollama.host = 'http://10.0.0.5:11434')),
      [],
      {},
    );
    assert.deepEqual(
      ollama.map((d) => d.message),
      ['questions and document passages go to Ollama at http://10.0.0.5:11434, which is not this machine'],
    );
  });
});

describe('withoutCredentials: a URL as it may be printed', () => {
  it('drops user:password@ and keeps the rest as given; text that is no URL loses anything before an @ of its host', () => {
    assert.equal(withoutCredentials('http://alice:s3cr3t@minio.lan:9000'), 'http://minio.lan:9000');
    assert.equal(withoutCredentials('https://token@ollama.example/api/'), 'https://ollama.example/api/');
    assert.equal(withoutCredentials('http://127.0.0.1:11434'), 'http://127.0.0.1:11434');
    assert.equal(withoutCredentials('s3://bob:pw@[not a url'), 's3://[not a url');
  });
});
