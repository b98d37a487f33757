import { parseArgs, type ParseArgsConfig } from 'node:util';

const PROBLEMS: Record<string, string> = {
  ERR_PARSE_ARGS_UNKNOWN_OPTION: 'Option inconnue',
  ERR_PARSE_ARGS_INVALID_OPTION_VALUE: 'Valeur manquante ou en trop pour l’option',
  ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL: 'Argument inattendu',
};

/**
 * A command's options, or its usage: `--help` prints it, and an unknown or malformed option says
 * what is wrong and prints the usage (exit 2) instead of a stack trace.
 */
export function commandArgs<O extends NonNullable<ParseArgsConfig['options']>>(usage: string, options: O) {
  try {
    const { values } = parseArgs({ options: { ...options, help: { type: 'boolean', default: false } } });
    if ((values as { help?: boolean }).help) {
      console.log(usage);
      process.exit(0);
    }
    return values as ReturnType<typeof parseArgs<{ options: O }>>['values'];
  } catch (error) {
    const { code, message } = error as Error & { code?: string };
    const problem = code && PROBLEMS[code];
    const named = /'([^']+)'/.exec(message)?.[1];
    console.error(`${problem ? `${problem}${named ? ` : ${named}` : ''}` : message}\n\n${usage}`);
    process.exit(2);
  }
}
