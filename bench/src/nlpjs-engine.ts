import type { Lang } from '@hiwar/nlu';
import { NlpManager } from 'node-nlp';
import { OUT_OF_SCOPE } from './data.ts';
import type { EngineSpec } from './engines.ts';

/** nlp.js 4.27 with its default settings (autoSave off: it only writes the model file). "None" is out of scope. */
export const nlpjsEngine: EngineSpec = {
  name: 'nlp.js',
  async train(rows, lang: Lang) {
    const manager = new NlpManager({ languages: [lang], autoSave: false, nlu: { log: false } });
    for (const row of rows) manager.addDocument(lang, row.text, row.intent);
    await manager.train();
    return {
      modelBytes: Buffer.byteLength(manager.export(true)),
      async classify(text) {
        const result = await manager.process(lang, text);
        return result.intent === 'None' ? OUT_OF_SCOPE : result.intent;
      },
    };
  },
};
