import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {agentText} from '../io/agent-text.js';
import {wholeJson} from '../io/json-records.js';
import type {ParsedSource, SourceProblem} from '../model.js';
import type {Format} from './catalog.js';
import {clineTaskId, readClineTask} from './cline.js';
import {readContinueSession} from './continue.js';
import {readCopilotChatFile} from './copilot-chat.js';
import {readCursorExport} from './cursor-markdown.js';
import {readGeminiShare} from './gemini-markdown.js';
import {deepSeekSessionId, readDeepSeekSession} from './deepseek-tui.js';
import {GooseSessionReader} from './goose.js';
import {isObject} from './json-values.js';
import {isOpenCodeExport, readOpenCodeExport, readOpenCodeSessionFile} from './opencode.js';
import {openHandsConversationId, readOpenHandsConversation, readOpenHandsTrajectory} from './openhands.js';
import {readOpenHandsSdkConversation} from './openhands-sdk.js';
import {QwenCodeReader, qwenSessionId} from './qwen-code.js';
import {readSpecStory, specStorySessionId} from './specstory.js';
import {ampThreadId, readAmpThread} from './amp.js';
import {CopilotCliReader, copilotCliSessionId} from './copilot-cli.js';
import {hermesSessionId, readHermesFile} from './hermes.js';
import {PiSessionReader, piSessionId} from './pi-session.js';
import {readTraeTrajectory} from './trae-agent.js';
import {readVibeSessionFile, readVibeSessionFolder, vibeSessionId} from './vibe.js';
import {KimiContextReader, KimiWireReader} from './kimi-cli.js';
import {kimiSessionId} from './kimi-session.js';
import {DroidReader, droidSessionId} from './droid.js';
import {GrokBuildReader, grokSessionId} from './grok-build.js';
import {AntigravityReader, antigravityConversationId} from './antigravity.js';
import {brainConversationId, readBrainArtifacts} from './antigravity-brain.js';
import {KiroCliReader, kiroCliSessionId} from './kiro-cli.js';
import {kiroChatId, readKiroChat} from './kiro-ide.js';

/**
 * How the pipeline reads each agent format that is one session per file: whole (a JSON document,
 * a Markdown export, a session that reads the files beside it), or line by line (JSONL logs),
 * and the session id that keeps its item wherever the file is. The stores (one file of many
 * sessions) are in agent-stores.ts.
 */

type Outcome = ParsedSource | {reason: string; line?: number};
type DocumentReader = (file: string, size: number, problems: SourceProblem[]) => Promise<Outcome>;

const maxDocumentBytes = 256 << 20;

async function wholeText(file: string, size: number, problems: SourceProblem[]): Promise<string | {reason: string}> {
	if (size > maxDocumentBytes) return {reason: `is ${(size / 1e6).toFixed(0)} MB, more than the ${maxDocumentBytes >> 20} MB one session file may have`};
	return agentText(await readFile(file), problems);
}

/** A JSON document read whole, then handed to `read`. */
function jsonDocument(read: (file: string, value: unknown, problems: SourceProblem[]) => Outcome): DocumentReader {
	return async (file, size, problems) => {
		const whole = await wholeJson(file, size, problems);
		if ('problem' in whole) return {reason: whole.problem};
		return read(file, whole.value, problems);
	};
}

export const agentDocumentReaders: Partial<Record<Format, DocumentReader>> = {
	cline: jsonDocument(readClineTask),
	continue: jsonDocument((file, value) => (isObject(value) ? readContinueSession(file, value) : {reason: 'is not a Continue session (a JSON object)'})),
	opencode: jsonDocument((file, value, problems) => (!isObject(value) ? {reason: 'is not an OpenCode session (a JSON object)'} : isOpenCodeExport(value) ? readOpenCodeExport(value, problems) : readOpenCodeSessionFile(file, value, problems))),
	'copilot-chat': async (file, size, problems) => {
		const content = await wholeText(file, size, problems);
		return typeof content === 'string' ? readCopilotChatFile(file, content, problems) : content;
	},
	'cursor-markdown': async (file, size, problems) => {
		const content = await wholeText(file, size, problems);
		return typeof content === 'string' ? readCursorExport(content) : content;
	},
	'gemini-markdown': async (file, size, problems) => {
		const content = await wholeText(file, size, problems);
		return typeof content === 'string' ? readGeminiShare(content, file, problems) : content;
	},
	specstory: async (file, size, problems) => {
		const content = await wholeText(file, size, problems);
		return typeof content === 'string' ? readSpecStory(content, file) : content;
	},
	amp: jsonDocument(readAmpThread),
	hermes: async (file, size, problems) => {
		const content = await wholeText(file, size, problems);
		return typeof content === 'string' ? readHermesFile(file, content, problems) : content;
	},
	'deepseek-tui': jsonDocument((_file, value) => (isObject(value) ? readDeepSeekSession(value) : {reason: 'is not a DeepSeek TUI session (a JSON object)'})),
	vibe: jsonDocument((file, value, problems) => {
		if (!isObject(value)) return {reason: 'is not a Mistral Vibe session (a JSON object)'};
		return isObject(value.metadata) ? readVibeSessionFile(value) : readVibeSessionFolder(file, value, problems);
	}),
	openhands: jsonDocument((file, value, problems) => {
		if (Array.isArray(value)) return readOpenHandsTrajectory(value);
		if (!isObject(value)) return {reason: 'is not an OpenHands conversation (a JSON object or an array of events)'};
		return typeof value.conversation_id === 'string' ? readOpenHandsConversation(file, value, problems) : readOpenHandsSdkConversation(file, value, problems);
	}),
	'trae-agent': jsonDocument((file, value) => (isObject(value) ? readTraeTrajectory(file, value) : {reason: 'is not a Trae Agent trajectory (a JSON object)'})),
	'kiro-ide': jsonDocument(readKiroChat),
	// An Antigravity CLI transcript (JSON lines), or the artifacts of an editor's conversation.
	antigravity: async (file, size, problems) => {
		if (file.endsWith('.md')) return readBrainArtifacts(file);
		const content = await wholeText(file, size, problems);
		if (typeof content !== 'string') return content;
		const reader = new AntigravityReader(problems, file);
		content.split('\n').forEach((line, index) => {
			if (line.trim()) reader.push(line, index + 1);
		});
		return reader.finish();
	},
};

interface LineReader {
	push(text: string, line: number): void;
	finish(): ParsedSource;
}

export const agentLineReaders: Partial<Record<Format, (problems: SourceProblem[], file: string) => LineReader>> = {
	goose: (problems, file) => new GooseSessionReader(problems, file),
	'qwen-code': (problems) => new QwenCodeReader(problems),
	pi: (problems, file) => new PiSessionReader(problems, file),
	'copilot-cli': (problems, file) => new CopilotCliReader(problems, file),
	'kimi-cli': (problems, file) => (path.basename(file) === 'wire.jsonl' ? new KimiWireReader(problems, file) : new KimiContextReader(problems, file)),
	droid: (problems, file) => new DroidReader(problems, file),
	'grok-build': (problems, file) => new GrokBuildReader(problems, file),
	'kiro-cli': (problems, file) => new KiroCliReader(problems, file),
};

const fileStem = (_head: string, file: string) => path.basename(file, path.extname(file));

/** The session ids the agents' files carry (or are named by), for the item id. */
export const agentSessionIds: Partial<Record<Format, (head: string, file: string) => string | undefined>> = {
	cline: clineTaskId,
	continue: (head) => /^\s*\{\s*"sessionId"\s*:\s*"([^"\\]{1,200})"/u.exec(head)?.[1] ?? /"session_info"\s*:\s*\{\s*"session_id"\s*:\s*"([^"\\]{1,200})"/u.exec(head)?.[1],
	opencode: (head) => /"id"\s*:\s*"(ses_[^"\\]{1,200})"/u.exec(head.slice(0, 4096))?.[1],
	'copilot-chat': fileStem,
	goose: fileStem,
	'qwen-code': qwenSessionId,
	specstory: specStorySessionId,
	amp: ampThreadId,
	pi: piSessionId,
	'copilot-cli': copilotCliSessionId,
	hermes: hermesSessionId,
	'deepseek-tui': deepSeekSessionId,
	vibe: vibeSessionId,
	openhands: openHandsConversationId,
	'kimi-cli': kimiSessionId,
	droid: droidSessionId,
	'grok-build': grokSessionId,
	antigravity: (head, file) => (file.endsWith('.md') ? brainConversationId(head, file) : antigravityConversationId(head, file)),
	'kiro-cli': kiroCliSessionId,
	'kiro-ide': kiroChatId,
};
