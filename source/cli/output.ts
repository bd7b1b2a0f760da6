import {DrillError, toDrillError} from '../core/errors.js';
import {inertJson, inertText} from '../core/inert-text.js';

export const exitError = 1;
export const exitUsage = 2;

const usageCodes = new Set(['bad_argument', 'bad_depth']);

export function printJson(stream: NodeJS.WritableStream, value: unknown): void {
	stream.write(`${inertJson(value, 2)}\n`);
}

/** Prints an error as one line (or as JSON with --json) and returns the exit code. */
export function reportError(error: unknown, json: boolean, streams: {stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream}): number {
	const drillError = toDrillError(error, 'please report this with the command you ran (DRILL_DEBUG=1 shows the stack)');
	if (process.env.DRILL_DEBUG && error instanceof Error) streams.stderr.write(`${error.stack}\n`);
	if (json) printJson(streams.stdout, {error: drillError.toJSON()});
	else streams.stderr.write(`drill: ${inertText(drillError.line, {singleLine: true})}\n`);
	return usageCodes.has(drillError.code) ? exitUsage : exitError;
}

/**
 * A reader that goes away (`drill export | head -1`) ends the command quietly, with status 0, as
 * the shell's own tools do: without this, the next write's EPIPE is an unhandled error and a stack trace.
 */
export function endQuietlyWhenReaderLeaves(stream: NodeJS.WriteStream): void {
	stream.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code !== 'EPIPE') throw error;
		process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
	});
}

export function usageError(message: string, hint: string): DrillError {
	return new DrillError('bad_argument', message, hint);
}
