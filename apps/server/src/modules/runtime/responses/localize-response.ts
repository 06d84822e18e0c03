import {
  type CommandResponseRecord,
  type LanguageChoice,
  type LocalizedTexts,
  type ResponseStruct,
  textInLanguage,
} from '@hiwar/contracts';

type Versioned = { label: string; label_langs?: LocalizedTexts | undefined };

/**
 * The record with each text that has versions replaced by the version to answer with: the
 * message's language, else the command's (the plain field's), else the first text present. Executors then read
 * the plain fields as before, so a single-language record answers exactly as it always did.
 */
export function localizeResponse(
  response: CommandResponseRecord,
  choice: LanguageChoice,
): CommandResponseRecord {
  const pick = (plain: string, versions: LocalizedTexts | undefined) =>
    versions ? textInLanguage(plain, versions, choice) : plain;
  const label = <T extends Versioned>(item: T): T => ({ ...item, label: pick(item.label, item.label_langs) });
  const struct = (value: ResponseStruct): ResponseStruct => ({
    ...value,
    title_default_value: pick(value.title_default_value, value.title_langs),
    subtitle_default_value: pick(value.subtitle_default_value, value.subtitle_langs),
  });
  const extra = response.resp_api_extra_resp;
  return {
    ...response,
    resp_text: pick(response.resp_text, response.resp_text_langs),
    resp_fallback_msg: pick(response.resp_fallback_msg, response.resp_fallback_msg_langs),
    resp_quick_reply: response.resp_quick_reply.map(label),
    resp_menu_extra_options: response.resp_menu_extra_options.map(label),
    resp_static_cards_resp_struct: response.resp_static_cards_resp_struct.map(struct),
    resp_api_resp_struct: struct(response.resp_api_resp_struct),
    resp_data_source_resp_struct: struct(response.resp_data_source_resp_struct),
    resp_component_resp_struct: struct(response.resp_component_resp_struct),
    resp_api_extra_resp: {
      ...extra,
      message: pick(extra.message, extra.message_langs),
      options: extra.options.map(label),
    },
  };
}
