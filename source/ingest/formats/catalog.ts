/** The formats `drill ingest` reads, what each is called, and where its items go. */
export const formats = [
	'markdown',
	'text',
	'html',
	'claude-code',
	'codex',
	'gemini-cli',
	'gemini-chat',
	'aider',
	'claude-agent',
	'chatgpt',
	'generic-chat',
	'summary-json',
	'cursor',
	'cursor-markdown',
	'cline',
	'continue',
	'opencode',
	'opencode-db',
	'copilot-chat',
	'goose',
	'goose-db',
	'qwen-code',
	'crush',
	'specstory',
	'amp',
	'zed',
	'pi',
	'copilot-cli',
	'hermes',
	'kimi-cli',
	'droid',
	'grok-build',
	'antigravity',
	'kiro-cli',
	'kiro-cli-db',
	'kiro-ide',
] as const;
export type Format = (typeof formats)[number];

/** What `--format` accepts: `transcript` means any conversation format, told apart by content. */
export const formatChoices = ['auto', 'transcript', ...formats] as const;
export type FormatChoice = (typeof formatChoices)[number];

/** How a report names a format: "it looks like …". */
export const formatLabels: Record<Format, string> = {
	markdown: 'markdown',
	text: 'plain text',
	html: 'an HTML page',
	'claude-code': 'a Claude Code session (JSONL)',
	codex: 'a Codex CLI rollout (JSONL)',
	'gemini-cli': 'a Gemini CLI stream-json log',
	'gemini-chat': 'a saved Gemini CLI chat (JSON)',
	aider: 'an aider chat history',
	'claude-agent': 'a Claude agent session event stream (JSONL)',
	chatgpt: 'a ChatGPT export (conversations.json)',
	'generic-chat': 'chat messages ({role, content} JSON lines)',
	'summary-json': 'summary interchange JSON',
	cursor: 'a Cursor state database (state.vscdb)',
	'cursor-markdown': 'a Cursor chat export (Markdown)',
	cline: 'a Cline, Roo Code or Kilo Code task (ui_messages.json or api_conversation_history.json)',
	continue: 'a Continue session (JSON)',
	opencode: 'an OpenCode session (storage/session JSON)',
	'opencode-db': 'an OpenCode database (opencode.db)',
	'copilot-chat': 'a GitHub Copilot Chat session (chatSessions JSON)',
	goose: 'a Goose session (JSONL)',
	'goose-db': 'a Goose session database (sessions.db)',
	'qwen-code': 'a Qwen Code chat (JSONL)',
	crush: 'a Crush database (crush.db)',
	specstory: 'a SpecStory chat (.specstory/history Markdown)',
	amp: 'an Amp thread (threads/T-*.json)',
	zed: 'a Zed agent threads database (threads.db)',
	pi: 'a Pi, Oh My Pi or OpenClaw session (JSONL)',
	'copilot-cli': 'a GitHub Copilot CLI session (session-state events.jsonl)',
	hermes: 'a Hermes Agent session (sessions/*.jsonl or session_*.json)',
	'kimi-cli': 'a Kimi CLI session (sessions/…/wire.jsonl, or its context.jsonl)',
	droid: 'a Factory Droid session (~/.factory/sessions/…/<id>.jsonl)',
	'grok-build': 'a Grok Build session (~/.grok/sessions/…/<id>/updates.jsonl)',
	antigravity: 'an Antigravity CLI conversation (brain/<id>/.system_generated/logs/transcript_full.jsonl)',
	'kiro-cli': 'a Kiro CLI session (~/.kiro/sessions/cli/<id>.jsonl)',
	'kiro-cli-db': 'a Kiro CLI or Amazon Q database (data.sqlite3)',
	'kiro-ide': 'a Kiro IDE chat (kiro.kiroagent/…/<execution id>.chat)',
};

/** The formats of the agents read from their own stores and folders (one reader file each). */
export const agentFormats: ReadonlySet<Format> = new Set(['cursor', 'cursor-markdown', 'cline', 'continue', 'opencode', 'opencode-db', 'copilot-chat', 'goose', 'goose-db', 'qwen-code', 'crush', 'specstory', 'amp', 'zed', 'pi', 'copilot-cli', 'hermes', 'kimi-cli', 'droid', 'grok-build', 'antigravity', 'kiro-cli', 'kiro-cli-db', 'kiro-ide']);

export const conversationFormats: ReadonlySet<Format> = new Set(['claude-code', 'codex', 'gemini-cli', 'gemini-chat', 'aider', 'claude-agent', 'chatgpt', 'generic-chat', ...agentFormats]);

/** Formats stored in a SQLite database: one item per session in it, read without writing. */
export const storeFormats: ReadonlySet<Format> = new Set(['cursor', 'opencode-db', 'goose-db', 'crush', 'zed', 'kiro-cli-db']);

/** Formats read any text file as a document, so forcing one is a choice of reading, never wrong. */
export const documentFormats: ReadonlySet<Format> = new Set(['markdown', 'text', 'html']);

export const namespaceOf: Record<Format, string> = {
	markdown: 'document',
	text: 'document',
	html: 'page',
	'claude-code': 'conversation_session',
	codex: 'conversation_session',
	'gemini-cli': 'conversation_session',
	'gemini-chat': 'conversation_session',
	aider: 'conversation_session',
	'claude-agent': 'conversation_session',
	chatgpt: 'conversation_session',
	'generic-chat': 'conversation_session',
	'summary-json': 'document',
	cursor: 'conversation_session',
	'cursor-markdown': 'conversation_session',
	cline: 'conversation_session',
	continue: 'conversation_session',
	opencode: 'conversation_session',
	'opencode-db': 'conversation_session',
	'copilot-chat': 'conversation_session',
	goose: 'conversation_session',
	'goose-db': 'conversation_session',
	'qwen-code': 'conversation_session',
	crush: 'conversation_session',
	specstory: 'conversation_session',
	amp: 'conversation_session',
	zed: 'conversation_session',
	pi: 'conversation_session',
	'copilot-cli': 'conversation_session',
	hermes: 'conversation_session',
	'kimi-cli': 'conversation_session',
	droid: 'conversation_session',
	'grok-build': 'conversation_session',
	antigravity: 'conversation_session',
	'kiro-cli': 'conversation_session',
	'kiro-cli-db': 'conversation_session',
	'kiro-ide': 'conversation_session',
};

/** Files that hold many items (one per conversation or session); the others hold one. */
export const multiItemFormats: ReadonlySet<Format> = new Set(['chatgpt', 'aider', 'summary-json', ...storeFormats]);
