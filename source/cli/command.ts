import type {AnyFlags, Result} from 'meow';
import type {Runtime} from '../runtime.js';

/** Flags every command takes. */
export const globalFlags = {
	store: {type: 'string'},
	knowledge: {type: 'string'},
	drills: {type: 'string'},
	json: {type: 'boolean', default: false},
	color: {type: 'boolean', default: true},
} as const satisfies AnyFlags;

export const globalHelp = `
  Global options
    --store PATH       the summary store (default: $DRILL_STORE, else .drill/store.db in the project root)
    --knowledge DIR    the knowledge folder (default: .agents/knowledge in the project root)
    --drills DIR       the folder that holds .drills/ (default: the project root)
    --json             print machine-readable JSON (errors too: {"error": {"code", "message"}})
    --no-color         no colours (NO_COLOR is respected as well)
    --help             this help`;

export interface CommandContext {
	/** Where the command's data is: the domains, the store, search (closed when the command ends). */
	runtime: Runtime;
	json: boolean;
	color: boolean;
	stdout: NodeJS.WriteStream;
	stderr: NodeJS.WriteStream;
}

export interface Command<Flags extends AnyFlags = AnyFlags> {
	name: string;
	aliases?: string[];
	/** The whole `drill NAME --help` text, without the global options. */
	help: string;
	flags: Flags;
	run(cli: Result<Flags & typeof globalFlags>, context: CommandContext): Promise<number> | number;
}

export function defineCommand<Flags extends AnyFlags>(command: Command<Flags>): Command<Flags> {
	return command;
}
