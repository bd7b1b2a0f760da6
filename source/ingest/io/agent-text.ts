import {invalidUtf8At} from '../../text/utf8.js';
import type {SourceProblem} from '../model.js';

const lenient = new TextDecoder('utf-8');

/**
 * An agent's file as text. Agents write UTF-8, but a log can hold a character cut in two (a
 * message truncated mid-character): that byte becomes U+FFFD and the report says where, so one
 * bad byte does not cost the whole session. A document is not read this way: there, bytes that
 * are not UTF-8 mean another encoding, and the file is refused with how to convert it.
 */
export function agentText(bytes: Uint8Array, problems: SourceProblem[]): string {
	const text = lenient.decode(bytes).replace(/^\uFEFF/u, '');
	const invalid = invalidUtf8At(bytes, true);
	if (invalid !== undefined) {
		let line = 1;
		for (let i = 0; i < invalid; i++) if (bytes[i] === 10) line++;
		problems.push({line, reason: `line ${line} is not valid UTF-8 (byte ${invalid}); read with U+FFFD in place of the bytes that are not`});
	}
	return text;
}
