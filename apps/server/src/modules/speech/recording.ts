/** A visitor's recording, as the messenger posts it, and the bot's voice language (`ar-EG`, `en-US`). */
export interface Recording {
  audio: Buffer;
  mimeType: string;
  lang: string;
}

/** Why a recording could not be transcribed: logged for the operator; the visitor is asked to type instead. */
export class SpeechError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpeechError';
  }
}
