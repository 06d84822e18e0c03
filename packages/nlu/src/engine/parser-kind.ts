/** The two parsers an owner chooses between (the chatbot's setting): which members the classifier has. */
export type ParserKind = 'default' | 'embedding';
