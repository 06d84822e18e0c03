import { type CommandLang, type CommandRecord, commandLangs } from '@hiwar/contracts';

/** The fields of a command's about tab, as the save call takes them. */
export interface AboutValues {
  command_name: string;
  command_description: string;
  command_lang: CommandLang;
}

/** Spec §9: a new command is Arabic unless chosen otherwise. */
export const DEFAULT_COMMAND_LANG: CommandLang = 'ar';

function isCommandLang(value: string): value is CommandLang {
  return commandLangs.includes(value as CommandLang);
}

/** The about fields of a loaded command, or of a new one. */
export function aboutValuesOf(command: CommandRecord | undefined): AboutValues {
  return {
    command_name: command?.command_name ?? '',
    command_description: command?.command_description ?? '',
    command_lang:
      command && isCommandLang(command.command_lang) ? command.command_lang : DEFAULT_COMMAND_LANG,
  };
}
