// node-nlp ships no types; this covers the part the benchmark uses.
declare module 'node-nlp' {
  export class NlpManager {
    constructor(settings: Record<string, unknown>);
    addDocument(locale: string, utterance: string, intent: string): void;
    train(): Promise<void>;
    process(locale: string, utterance: string): Promise<{ intent: string; score: number }>;
    export(minified?: boolean): string;
  }
}
