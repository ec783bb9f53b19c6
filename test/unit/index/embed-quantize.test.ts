import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstField, messageField, readFields, stringValue, writeFields } from '../../../src/core/index/embed/onnxProto';
import { quantizeColumns, WEIGHT_QMAX_FULL, WEIGHT_QMAX_REDUCED } from '../../../src/core/index/embed/quantize';
import { ensureQuantizedModel, QUANTIZED_MODEL_FILE, weightQmaxForCpu } from '../../../src/core/index/embed/localQuantCache';
import { LocalEmbedder, localEmbedderId, parseLocalModelName } from '../../../src/core/index/embed/local';
import { embedderForIndex, EmbedderSelectionError, selectEmbedder } from '../../../src/core/index/embed/select';
import { indexFolder } from '../../../src/core/index/pipeline/indexer';
import { openIndexStore } from '../../../src/core/index/store';
import { freshMeta } from '../../../src/core/index/store/meta';
import { sqlEquals } from '../../../src/core/index/sql';
import type { IndexSummary } from '../../../src/core/index/types';
import { embedSelectionFromFlags, UsageError } from '../../../src/cli/options';
import { withTempDir } from '../../support/tempDir';
import { MINILM_DIR } from '../../support/shared';

const SOURCE_MODEL = join(MINILM_DIR, 'onnx', 'model.onnx');
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const cosine = (a: Float32Array, b: Float32Array) => dot(a, b) / Math.sqrt(dot(a, a) * dot(b, b));

/** op_type of every node in a model's graph (ModelProto.graph = 7, GraphProto.node = 1, NodeProto.op_type = 4). */
function opTypes(model: Uint8Array): string[] {
  const graph = readFields(firstField(readFields(model), 7)!.payload);
  return graph.filter((f) => f.no === 1).map((node) => stringValue(firstField(readFields(node.payload), 4)!));
}

describe('onnxProto: protobuf wire format', () => {
  let source: Buffer;
  before(async () => {
    source = await readFile(SOURCE_MODEL);
  });

  it('writes the real MiniLM model back byte for byte when nothing is changed', () => {
    const fields = readFields(source);
    assert.ok(fields.length > 3);
    assert.equal(Buffer.compare(Buffer.from(writeFields(fields)), source), 0);
  });

  it('re-encodes the graph message from its fields to the same bytes (lengths and tags encoded as read)', () => {
    const fields = readFields(source);
    const rebuilt = fields.map((f) => (f.no === 7 ? messageField(7, readFields(f.payload)) : f));
    assert.equal(Buffer.compare(Buffer.from(writeFields(rebuilt)), source), 0);
  });
});

describe('int8 quantisation of the local model', function () {
  this.timeout(120_000);
  let cacheDir: string;
  let savedCacheEnv: string | undefined;
  let quantizedDir: string;

  // Quantised once for the suite; LocalEmbedder and selectEmbedder find it through the env default.
  before(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'lra-quant-'));
    savedCacheEnv = process.env.RESEARCH_MODEL_CACHE;
    process.env.RESEARCH_MODEL_CACHE = cacheDir;
    quantizedDir = (await ensureQuantizedModel(MINILM_DIR)).dir;
  });
  after(async () => {
    if (savedCacheEnv === undefined) delete process.env.RESEARCH_MODEL_CACHE;
    else process.env.RESEARCH_MODEL_CACHE = savedCacheEnv;
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('quantises weight columns symmetrically: each column scaled to ±qmax, error within half a step', () => {
    const values = Float32Array.from([0.5, -2, 0, -0.25, 1, 0, 0.1, 0.5, 0]); // [3 rows, 3 columns]
    for (const qmax of [WEIGHT_QMAX_FULL, WEIGHT_QMAX_REDUCED]) {
      const { q, scales } = quantizeColumns(values, 3, 3, qmax);
      assert.deepEqual([...scales], [0.5 / qmax, 2 / qmax, 1].map(Math.fround));
      values.forEach((v, i) => assert.ok(Math.abs(q[i]! * scales[i % 3]! - v) <= scales[i % 3]! / 2 + 1e-7, `element ${i}`));
      assert.equal(q[1], -qmax);
      // Stored transposed ([N, K], Gemm transB=1): the same int8 matrix comes out.
      const transposed = Float32Array.from([0.5, -0.25, 0.1, -2, 1, 0.5, 0, 0, 0]);
      assert.deepEqual([...quantizeColumns(transposed, 3, 3, qmax, true).q], [...q]);
    }
  });

  it('uses full int8 weights only where the CPU adds int8 products without int16 overflow (VNNI, ARM64)', () => {
    const flags = (extra: string) => () => `processor\t: 0\nflags\t\t: fpu sse2 avx2 ${extra} fma\n`;
    assert.equal(weightQmaxForCpu('x64', flags('avx512f avx512_vnni')), WEIGHT_QMAX_FULL);
    assert.equal(weightQmaxForCpu('x64', flags('avx_vnni')), WEIGHT_QMAX_FULL);
    assert.equal(weightQmaxForCpu('x64', flags('avx512f')), WEIGHT_QMAX_REDUCED);
    assert.equal(
      weightQmaxForCpu('x64', () => {
        throw new Error('no /proc here');
      }),
      WEIGHT_QMAX_REDUCED,
    );
    assert.equal(weightQmaxForCpu('arm64', flags('')), WEIGHT_QMAX_FULL);
  });

  it('replaces every MatMul of a weight with DynamicQuantizeMatMul and imports the com.microsoft opset', async () => {
    const source = await readFile(SOURCE_MODEL);
    const before = opTypes(source);
    const model = await readFile(join(quantizedDir, QUANTIZED_MODEL_FILE)); // the before() hook's quantizeModel output
    const after = opTypes(model);
    // 6 layers x (Q, K, V, attention output, 2 feed-forward)
    assert.equal(after.filter((t) => t === 'DynamicQuantizeMatMul').length, 36);
    // The attention MatMuls (activation x activation) stay fp32.
    assert.equal(after.filter((t) => t === 'MatMul').length, before.filter((t) => t === 'MatMul').length - 36);
    const opsets = readFields(model)
      .filter((f) => f.no === 8)
      .map((f) => stringValue(firstField(readFields(f.payload), 1) ?? f));
    assert.ok(opsets.includes('com.microsoft'));
    assert.ok(model.length < source.length * 0.7, `${model.length} bytes`);
  });

  it('mixed precision leaves the six feed-forward down-projections in fp32, in a copy of its own', async () => {
    const mixedDir = (await ensureQuantizedModel(MINILM_DIR, cacheDir, undefined, 'mixed')).dir;
    assert.notEqual(mixedDir, quantizedDir);
    assert.match(mixedDir, /all-MiniLM-L6-v2-mixed-/);
    const after = opTypes(await readFile(join(mixedDir, QUANTIZED_MODEL_FILE)));
    const before = opTypes(await readFile(SOURCE_MODEL));
    // 6 layers x (Q, K, V, attention output, feed-forward input): 30; the 6 feed-forward outputs stay MatMul.
    assert.equal(after.filter((t) => t === 'DynamicQuantizeMatMul').length, 30);
    assert.equal(after.filter((t) => t === 'MatMul').length, before.filter((t) => t === 'MatMul').length - 30);
    // Asked again, each variant finds its own copy.
    assert.deepEqual(await ensureQuantizedModel(MINILM_DIR, cacheDir, undefined, 'mixed'), { dir: mixedDir, built: false });
    assert.deepEqual(await ensureQuantizedModel(MINILM_DIR, cacheDir), { dir: quantizedDir, built: false });
  });

  it('mixed precision embeds closer to fp32 than full int8 (what it is for)', async () => {
    const texts = [
      'Replace the pressure relief valve every 12 months, see section 4.3 of the service manual.',
      'CompleteMulti: If 1 (default), for multiple questions an answer "None of these answers are correct" will be added.',
      'The stock market fell sharply on Tuesday after the central bank raised interest rates.',
      'Set UV_THREADPOOL_SIZE to a value greater than 4 (its current default value) to grow the threadpool.',
    ];
    const embedders = (['fp32', 'mixed', 'int8'] as const).map((precision) => new LocalEmbedder({ modelDir: MINILM_DIR, precision, workers: 1, cacheDir }));
    try {
      // One after another: in-thread loads share transformers.js's global settings.
      const fp32 = await embedders[0]!.embed(texts);
      const mixed = await embedders[1]!.embed(texts);
      const int8 = await embedders[2]!.embed(texts);
      const mean = (vectors: Float32Array[]) => vectors.reduce((s, v, i) => s + cosine(v, fp32![i]!), 0) / vectors.length;
      assert.ok(mean(mixed!) > mean(int8!), `mean cosine to fp32: mixed ${mean(mixed!)}, int8 ${mean(int8!)}`);
      assert.ok(mean(mixed!) < 0.99999, 'mixed is not fp32 under another name');
    } finally {
      await Promise.all(embedders.map((e) => e.close()));
    }
  });

  it('loads in onnxruntime and embeds close to fp32 (cosine > 0.98), similar sentences still close', async () => {
    const texts = [
      'A man is eating food.',
      'A man is eating a piece of bread.',
      'The stock market fell sharply on Tuesday.',
      'Replace the pressure relief valve every 12 months, see section 4.3 of the service manual.',
    ];
    const fp32 = new LocalEmbedder({ modelDir: MINILM_DIR, precision: 'fp32', workers: 1 });
    const int8 = new LocalEmbedder({ modelDir: MINILM_DIR, precision: 'int8', workers: 1, cacheDir });
    try {
      const a = await fp32.embed(texts);
      const b = await int8.embed(texts);
      b.forEach((vector, i) => assert.ok(cosine(vector, a[i]!) > 0.98, `text ${i}: cosine ${cosine(vector, a[i]!)}`));
      // Not the fp32 model under another name: the vectors do differ a little.
      assert.ok(cosine(b[0]!, a[0]!) < 0.99999);
      assert.ok(dot(b[0]!, b[1]!) > 0.6 && dot(b[0]!, b[2]!) < 0.3);
    } finally {
      await fp32.close();
      await int8.close();
    }
  });

  it('reuses the cached copy on a second call without rewriting it, and never writes into the model folder', async () => {
    const file = join(quantizedDir, QUANTIZED_MODEL_FILE);
    const first = await stat(file);
    const again = await ensureQuantizedModel(MINILM_DIR, cacheDir);
    assert.deepEqual(again, { dir: quantizedDir, built: false });
    // The other weight range is another copy, not this one overwritten.
    const otherQmax = weightQmaxForCpu() === WEIGHT_QMAX_FULL ? WEIGHT_QMAX_REDUCED : WEIGHT_QMAX_FULL;
    assert.notEqual((await ensureQuantizedModel(MINILM_DIR, join(cacheDir, 'other'), otherQmax)).dir.slice(-16), quantizedDir.slice(-16));
    const second = await stat(file);
    assert.deepEqual([second.ino, second.mtimeMs], [first.ino, first.mtimeMs]);
    assert.deepEqual((await readdir(join(MINILM_DIR, 'onnx'))).sort(), ['model.onnx']);
    assert.deepEqual((await readdir(quantizedDir)).sort(), ['config.json', 'onnx', 'quantized.json', 'tokenizer.json', 'tokenizer_config.json']);
  });

  it('replaces a truncated model file, a stale manifest and leftovers of a killed run', async () => {
    const file = join(quantizedDir, QUANTIZED_MODEL_FILE);
    const good = (await stat(file)).size;
    await truncate(file, 1000);
    await writeFile(join(quantizedDir, 'onnx', 'model_quantized.onnx.tmp-999999999-1'), 'half a model');
    // A copy made from this model before it changed is removed; another model's folder is not.
    const older = join(cacheDir, 'all-MiniLM-L6-v2-int8-older');
    const unrelated = join(cacheDir, 'all-MiniLM-L6-v2-int8-unrelated');
    await mkdir(older, { recursive: true });
    await mkdir(unrelated, { recursive: true });
    await writeFile(join(older, 'quantized.json'), JSON.stringify({ source: { modelDir: MINILM_DIR, size: 1, mtimeMs: 1 } }));
    const rebuilt = await ensureQuantizedModel(MINILM_DIR, cacheDir);
    assert.equal(rebuilt.built, true);
    assert.deepEqual(
      (await readdir(cacheDir)).filter((n) => n.includes('older') || n.includes('unrelated')),
      ['all-MiniLM-L6-v2-int8-unrelated'],
    );
    assert.equal((await stat(file)).size, good);
    assert.deepEqual(await readdir(join(quantizedDir, 'onnx')), ['model_quantized.onnx']);

    const manifestFile = join(quantizedDir, 'quantized.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
    await writeFile(manifestFile, JSON.stringify({ ...manifest, quantizerVersion: 0 }));
    assert.equal((await ensureQuantizedModel(MINILM_DIR, cacheDir)).built, true);
    assert.equal((await ensureQuantizedModel(MINILM_DIR, cacheDir)).built, false);
  });

  it('gives each precision its own id, and queries use the precision the index records', () => {
    assert.equal(localEmbedderId('all-MiniLM-L6-v2', 'fp32'), 'local:all-MiniLM-L6-v2');
    assert.equal(localEmbedderId('all-MiniLM-L6-v2', 'int8'), 'local:all-MiniLM-L6-v2@int8');
    assert.equal(localEmbedderId('all-MiniLM-L6-v2', 'mixed'), 'local:all-MiniLM-L6-v2@mixed');
    assert.equal(new LocalEmbedder({ modelDir: MINILM_DIR }).id, 'local:all-MiniLM-L6-v2@mixed');
    assert.deepEqual(parseLocalModelName('all-MiniLM-L6-v2@int8'), { model: 'all-MiniLM-L6-v2', precision: 'int8' });
    assert.deepEqual(parseLocalModelName('all-MiniLM-L6-v2@mixed'), { model: 'all-MiniLM-L6-v2', precision: 'mixed' });

    const meta = { ...freshMeta(), dimension: 384, modelDir: MINILM_DIR };
    const int8 = embedderForIndex({ ...meta, embeddingModel: 'local:all-MiniLM-L6-v2@int8' }) as LocalEmbedder;
    assert.deepEqual([int8.id, int8.precision, int8.model], ['local:all-MiniLM-L6-v2@int8', 'int8', 'all-MiniLM-L6-v2']);
    const fp32 = embedderForIndex({ ...meta, embeddingModel: 'local:all-MiniLM-L6-v2' }) as LocalEmbedder;
    assert.equal(fp32.precision, 'fp32');
    assert.throws(() => embedderForIndex({ ...meta, embeddingModel: 'local:all-MiniLM-L6-v2' }, { localPrecision: 'int8' }), EmbedderSelectionError);
  });

  it('--local-precision picks the weights; anything but mixed/int8/fp32 is a usage error', () => {
    assert.equal(embedSelectionFromFlags({ embed: 'local', 'local-precision': 'fp32' }).localPrecision, 'fp32');
    assert.equal(embedSelectionFromFlags({ embed: 'local', 'local-precision': 'int8' }).localPrecision, 'int8');
    assert.equal(embedSelectionFromFlags({ embed: 'local' }).localPrecision, null); // the default applies
    assert.throws(() => embedSelectionFromFlags({ embed: 'local', 'local-precision': 'int4' }), UsageError);
  });

  it('re-embeds an fp32 index with a notice when it is indexed with the (mixed) default', () =>
    withTempDir(async (root) => {
      await writeFile(join(root, 'a.md'), '# Valves\n\nReplace the pressure relief valve every twelve months.\n');
      await writeFile(join(root, 'b.md'), '# Market\n\nThe stock market fell sharply on Tuesday.\n');
      const dbDir = join(root, '.research-index');
      const index = async (localPrecision: 'fp32' | null): Promise<{ summary: IndexSummary; vector: Float32Array }> => {
        const store = await openIndexStore(dbDir).catch(() => null);
        const indexMeta = store?.meta() ?? null;
        store?.close();
        const { embedder } = await selectEmbedder({ mode: 'local', modelDir: MINILM_DIR, localPrecision, indexMeta });
        try {
          const run = indexFolder({ root, dbDir, embedder, workers: 0 });
          let step;
          while (!(step = await run.next()).done);
          const reader = await openIndexStore(dbDir);
          const row = (await reader.table.query().where(sqlEquals('path', 'a.md')).limit(1).toArray())[0] as {
            vector: ArrayLike<number>;
            embedding_model: string;
          };
          assert.equal(row.embedding_model, step.value.embedder);
          reader.close();
          return { summary: step.value, vector: Float32Array.from(row.vector) };
        } finally {
          await embedder?.close();
        }
      };

      const fp32 = await index('fp32');
      assert.equal(fp32.summary.embedder, 'local:all-MiniLM-L6-v2');
      const int8 = await index(null);
      assert.equal(int8.summary.embedder, 'local:all-MiniLM-L6-v2@mixed');
      // The stored passages are re-embedded with the other weights; the files are not read again.
      assert.deepEqual([int8.summary.indexed, int8.summary.skipped], [0, 2]);
      assert.ok(
        int8.summary.notices.some((n) => n.includes('embedding model changed from local:all-MiniLM-L6-v2 to local:all-MiniLM-L6-v2@mixed')),
        int8.summary.notices.join('\n'),
      );
      const similarity = cosine(fp32.vector, int8.vector);
      assert.ok(similarity > 0.98 && similarity < 0.99999, `cosine ${similarity}`);
    }));
});
