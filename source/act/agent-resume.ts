import {idShapes, type ResumeIdShape} from './resume-id.js';

/**
 * How each agent resumes one of its sessions, keyed by `source.agent`: the program, and its
 * arguments for a session id (and the session's log file, for agents that resume from a file).
 * Each entry names the documentation or source it follows, and the version read there.
 */
export interface AgentResume {
	/** The agent's own name for people ("Claude Code"). */
	name: string;
	program: string;
	/** The arguments after the program; undefined: the agent has no resume by id (say `unsupported`). */
	args?: (session: {id?: string; file?: string; project?: string}) => string[] | undefined;
	/** Why there is no resume, and what to do instead (a format with no resume). */
	unsupported?: string;
	/** Why a session for which `args` gives nothing cannot be resumed (an agent that resumes only some of its sessions). */
	notResumable?: string;
	/** Whether `args` needs the session id. */
	needsId: boolean;
	/**
	 * The shape an id must have to be passed at all (default: `idShapes.plain`). An id always goes
	 * as `--flag=ID` or after `--`, or, for a positional the agent's parser may not end options
	 * for, with a shape that cannot start with `-`.
	 */
	idShape?: ResumeIdShape;
	/** How to get the program. */
	install: string;
	/** What the entry follows. */
	followed: string;
}

export const agentResume: Readonly<Record<string, AgentResume>> = {
	'claude-code': {
		name: 'Claude Code',
		program: 'claude',
		args: ({id}) => (id ? [`--resume=${id}`] : undefined),
		needsId: true,
		idShape: idShapes.uuid,
		install: 'npm install -g @anthropic-ai/claude-code',
		followed: 'Claude Code 2.0 CLI reference (code.claude.com/docs/en/cli-reference): `claude --resume <session-id>`, run in the project folder, whose sessions it lists',
	},
	// The Claude Agent SDK and managed agents write the same session ids; their sessions resume in Claude Code.
	'claude-agent': {
		name: 'Claude Code',
		program: 'claude',
		args: ({id}) => (id ? [`--resume=${id}`] : undefined),
		needsId: true,
		idShape: idShapes.uuid,
		install: 'npm install -g @anthropic-ai/claude-code',
		followed: 'Claude Agent SDK sessions guide (docs.anthropic.com/en/docs/claude-code/sdk/sdk-sessions): SDK sessions resume with `claude --resume <session-id>` (as tools that call it quote it, read 2026-12-02; not checked against the agent’s own docs)',
	},
	codex: {
		name: 'Codex CLI',
		program: 'codex',
		// clap: the id after `--` is a positional whatever it looks like.
		args: ({id}) => (id ? ['resume', '--', id] : undefined),
		needsId: true,
		idShape: idShapes.uuid,
		install: 'npm install -g @openai/codex',
		followed: 'codex-cli 0.39.0 `codex resume [SESSION_ID]` ("Resume a previous interactive session", codex --help; the id is the rollout\'s session_meta id)',
	},
	'gemini-cli': {
		name: 'Gemini CLI',
		program: 'gemini',
		args: ({id}) => (id ? [`--resume=${id}`] : undefined),
		needsId: true,
		idShape: idShapes.uuid,
		install: 'npm install -g @google/gemini-cli',
		followed: 'Gemini CLI session management (geminicli.com/docs/cli/session-management, 0.2x): `gemini --resume <session UUID>` in the project folder (sessions are per project)',
	},
	aider: {
		name: 'aider',
		program: 'aider',
		// aider has no session ids: it restores the chat history file of the repository it starts in.
		args: ({file, project}) => ['--restore-chat-history', ...(file && project && file !== `${project}/.aider.chat.history.md` ? [`--chat-history-file=${file}`] : [])],
		needsId: false,
		install: 'python -m pip install aider-install && aider-install',
		followed: 'aider 0.86 options (aider.chat/docs/config/options.html): `--restore-chat-history` restores the previous chat history messages of `--chat-history-file` (default .aider.chat.history.md)',
	},
	// The formats the agents helper adds this round: resume where the agent's CLI documents one.
	opencode: {
		name: 'OpenCode',
		program: 'opencode',
		args: ({id}) => (id ? [`--session=${id}`] : undefined),
		needsId: true,
		idShape: idShapes.opencode,
		install: 'npm install -g opencode-ai',
		followed: 'OpenCode CLI (opencode.ai/docs/cli): `opencode --session <id>` (`-s`) continues a session (as tools that call it quote it, read 2026-12-02; not checked against the agent’s own docs)',
	},
	'qwen-code': {
		name: 'Qwen Code',
		program: 'qwen',
		args: ({id}) => (id ? [`--resume=${id}`] : undefined),
		needsId: true,
		idShape: idShapes.uuid,
		install: 'npm install -g @qwen-code/qwen-code',
		followed: 'Qwen Code top-level options (packages/cli/src/config/top-level-options.ts, 0.1x): `qwen --resume <id>` resumes a specific session by its id (as quoted from that file, read 2026-12-02)',
	},
	'copilot-cli': {
		name: 'GitHub Copilot CLI',
		program: 'copilot',
		args: ({id}) => (id ? [`--resume=${id}`] : undefined),
		needsId: true,
		idShape: idShapes.uuid,
		install: 'npm install -g @github/copilot',
		followed: 'GitHub Copilot CLI command reference: `copilot --resume=<session-id>` (the folder name under ~/.copilot/session-state) (as tools that call it quote it, read 2026-12-02; not checked against the agent’s own docs)',
	},
	goose: {
		name: 'Goose',
		program: 'goose',
		args: ({id}) => (id ? ['session', '--resume', `--session-id=${id}`] : undefined),
		needsId: true,
		install: 'see block.github.io/goose/docs/getting-started/installation',
		followed: 'Goose CLI commands (block.github.io/goose/docs/guides/goose-cli-commands, 1.x): `goose session --resume --session-id <id>` (as tools that call it quote it, read 2026-12-02)',
	},
	cursor: {
		name: 'Cursor CLI',
		program: 'cursor-agent',
		args: ({id}) => (id ? [`--resume=${id}`] : undefined),
		needsId: true,
		install: 'curl https://cursor.com/install -fsS | bash',
		followed: 'Cursor CLI (cursor.com/docs/cli/overview): `cursor-agent --resume=<chat id>`; chats of the editor open in the editor, not here (as tools that call it quote it, read 2026-12-02; not checked against the agent’s own docs)',
	},
	continue: {
		name: 'Continue CLI',
		program: 'cn',
		unsupported: 'the Continue CLI resumes only its latest session (cn --resume), not one by id: run cn --resume in the project folder',
		needsId: false,
		install: 'npm install -g @continuedev/cli',
		followed: 'Continue CLI (docs.continue.dev/guides/cli): `cn --resume` resumes the last session (as tools that call it quote it, read 2026-12-02; not checked against the agent’s own docs)',
	},
	cline: {
		name: 'Cline',
		program: 'code',
		unsupported: 'Cline runs inside VS Code and has no command to resume a task: open its task history in VS Code',
		needsId: false,
		install: 'the Cline extension for VS Code',
		followed: 'Cline documentation (docs.cline.bot): tasks are resumed from the history view (as tools that call it quote it, read 2026-12-02; not checked against the agent’s own docs)',
	},
	// SpecStory files that name the agent's own session id are read as that agent's sessions (specstory.ts).
	specstory: {
		name: 'SpecStory',
		program: 'specstory',
		unsupported: 'SpecStory saves chats as Markdown and has no command to resume one, and this file names no session id of the agent it recorded: reopen the chat in that agent',
		needsId: false,
		install: 'see github.com/specstoryai/getspecstory',
		followed: 'SpecStory CLI markdown writer (specstory-cli/pkg/session/markdown.go): a file names its agent\'s session in `<!-- <provider> Session <id> (…) -->`; older extension files name none',
	},
	// The agents added for issue 33 (agents-b).
	vibe: {
		name: 'Mistral Vibe',
		program: 'vibe',
		args: ({id}) => (id ? [`--resume=${id}`] : undefined),
		needsId: true,
		install: 'uv tool install mistral-vibe',
		followed: 'mistral-vibe 2.18.4 vibe/cli/entrypoint.py: `vibe --resume SESSION_ID` ("Resume a session"); it looks the session up among those of the current working directory, so it runs in the session\'s project folder',
	},
	'deepseek-tui': {
		name: 'DeepSeek TUI',
		program: 'deepseek',
		// clap: the id after `--` is a positional whatever it looks like.
		args: ({id}) => (id ? ['resume', '--', id] : undefined),
		needsId: true,
		install: 'npm install -g deepseek-tui',
		followed: 'DeepSeek-TUI 0.8.40 crates/tui/src/main.rs: `deepseek resume <SESSION_ID>` ("Resume a previous session by ID", UUID or prefix)',
	},
	openhands: {
		name: 'OpenHands CLI',
		program: 'openhands',
		// The 1.x CLI's conversations have UUIDs; the app's (32 hex digits, sessions/<id>/) are not in the CLI's store.
		args: ({id}) => (id && /^[0-9a-f]{8}-[0-9a-f]{4}-/iu.test(id) ? [`--resume=${id}`] : undefined),
		notResumable: 'this is a conversation of the OpenHands app, which reopens it from its conversation list; the CLI (openhands --resume) resumes only its own',
		needsId: true,
		install: 'uv tool install openhands --python 3.12',
		followed: 'OpenHands-CLI 6b3838c openhands_cli/argparsers/util.py: `openhands --resume <conversation-id>` ("Conversation ID to resume"); the app (sessions/<id>/) resumes its conversations in its own UI',
	},
	warp: {
		name: 'Warp',
		program: 'warp',
		unsupported: 'Warp has no command to resume an agent conversation: reopen it from Warp’s conversation history (warp://conversation/<id> only opens a viewer of its cloud copy)',
		needsId: false,
		install: 'see warp.dev',
		followed: 'warpdotdev/warp 19548ae app/src/uri/mod.rs: the `warp://conversation/{id}` link opens the conversation viewer of a server conversation; no command-line resume',
	},
	'trae-agent': {
		name: 'Trae Agent',
		program: 'trae-cli',
		unsupported: 'Trae Agent runs each task once (trae-cli run) and has no command to resume a run: start a new one with the task, or read this one',
		needsId: false,
		install: 'see github.com/bytedance/trae-agent',
		followed: 'bytedance/trae-agent e839e55 trae_agent/cli.py: `run`, `interactive`, `show-config`, `tools`; no resume',
	},
	crush: {
		name: 'Crush',
		program: 'crush',
		unsupported: 'Crush has no command-line flag to resume a session: start crush in the project folder and pick the session in its sessions list',
		needsId: false,
		install: 'npm install -g @charmland/crush',
		followed: 'Crush README (github.com/charmbracelet/crush): sessions are chosen in the app (as tools that call it quote it, read 2026-12-02; not checked against the agent’s own docs)',
	},
	// Issue 33's agents (agents-a): Amp, Zed, Pi, Oh My Pi, OpenClaw, Hermes (Copilot CLI is above).
	amp: {
		name: 'Amp',
		program: 'amp',
		// A positional: the shape (T- and a UUID) is what keeps it from being read as an option.
		args: ({id}) => (id ? ['threads', 'continue', id] : undefined),
		needsId: true,
		idShape: idShapes.ampThread,
		install: 'npm install -g @sourcegraph/amp',
		followed: 'Amp manual (ampcode.com/manual): `amp threads continue <thread id>` continues a thread (as tools that call it quote it, read 2026-12-06; not checked against the agent’s own docs)',
	},
	zed: {
		name: 'Zed',
		program: 'zed',
		unsupported: 'Zed has no command to open an agent thread: open the agent panel’s history in Zed and pick the thread',
		needsId: false,
		install: 'see zed.dev/download',
		followed: 'zed-industries/zed crates/agent at 0642ec7 (threads are listed in the agent panel’s history; the `zed` CLI opens paths only)',
	},
	pi: {
		name: 'Pi',
		program: 'pi',
		// Pi's parser takes the next word after --session (no --session=PATH): the path is absolute, so it never starts with -.
		args: ({file}) => (file ? ['--session', file] : undefined),
		needsId: false,
		install: 'npm install -g @mariozechner/pi-coding-agent',
		followed: 'pi-mono packages/coding-agent/src/cli/args.ts (0.58): `pi --session <path>` uses a specific session file',
	},
	'oh-my-pi': {
		name: 'Oh My Pi',
		program: 'omp',
		// Pi's parser takes the next word after --session (no --session=PATH): the path is absolute, so it never starts with -.
		args: ({file}) => (file ? ['--session', file] : undefined),
		needsId: false,
		install: 'see github.com/can1357/oh-my-pi',
		followed: 'Oh My Pi keeps Pi’s session files and options: `omp --session <path>` as `pi --session <path>` (pi-mono args.ts 0.58; not checked against Oh My Pi’s own docs)',
	},
	openclaw: {
		name: 'OpenClaw',
		program: 'openclaw',
		unsupported: 'OpenClaw sessions belong to its gateway and the chat channel they came from: there is no command to reopen one by its file; continue it in that channel (or `openclaw tui`)',
		needsId: false,
		install: 'npm install -g openclaw',
		followed: 'OpenClaw docs (docs.openclaw.ai/cli/sessions, read 2026-12-06): `openclaw sessions` lists the stored sessions by key; none is resumed by id from the command line',
	},
	hermes: {
		name: 'Hermes Agent',
		program: 'hermes',
		args: ({id}) => (id ? [`--resume=${id}`] : undefined),
		needsId: true,
		install: 'see github.com/NousResearch/hermes-agent',
		followed: 'Hermes Agent CLI: `hermes --resume <session id>` (as tools that call it quote it, read 2026-12-06; not checked against the agent’s own docs)',
	},
	'opencode-go': {
		name: 'OpenCode (Go)',
		program: 'opencode',
		unsupported: 'the Go OpenCode (opencode-ai/opencode, archived; Crush is its successor) has no flag to resume a session: start it in the project folder and pick the session with ctrl+a',
		needsId: false,
		install: 'go install github.com/opencode-ai/opencode@latest',
		followed: 'opencode-ai/opencode README (archived 2025): flags -c, -d, -p, -f, -q and no session flag; sessions are switched in the app (read 2026-12-06)',
	},
	'kilo-cli': {
		name: 'Kilo CLI',
		program: 'kilo',
		args: ({id}) => (id ? [`--session=${id}`] : undefined),
		needsId: true,
		idShape: idShapes.opencode,
		install: 'npm install -g @kilocode/cli',
		followed: 'Kilo CLI is a fork of OpenCode 1.x and keeps its `--session <id>` (`-s`) flag (as OpenCode documents it, opencode.ai/docs/cli; not checked against Kilo’s own docs)',
	},
	// Issue 33's agents (agents-c): Kimi CLI, Factory Droid, Grok Build, Antigravity (CLI and editor), Kiro (CLI and IDE), Amazon Q.
	'kimi-cli': {
		name: 'Kimi CLI',
		program: 'kimi',
		args: ({id}) => (id ? [`--session=${id}`] : undefined),
		needsId: true,
		install: 'uv tool install kimi-cli',
		followed: 'MoonshotAI/kimi-cli src/kimi_cli/cli/__init__.py at 4a550ef (1.49): `kimi --session <id>` (alias --resume, -S, -r) resumes that session of the work folder it is run in',
	},
	droid: {
		name: 'Factory Droid',
		program: 'droid',
		args: ({id}) => (id ? [`--resume=${id}`] : undefined),
		needsId: true,
		install: 'curl -fsSL https://app.factory.ai/cli | sh',
		followed: 'Factory CLI reference (docs.factory.ai/reference/cli-reference, Factory-AI/factory docs/reference/cli-reference.mdx, September 2026): `droid --resume [sessionId]` (alias -r)',
	},
	'grok-build': {
		name: 'Grok Build',
		program: 'grok',
		args: ({id}) => (id ? [`--resume=${id}`] : undefined),
		needsId: true,
		install: 'curl -fsSL https://x.ai/cli/install.sh | bash',
		followed: 'Grok Build docs (docs.x.ai/build/features/sessions, read 2026-12-06): `grok --resume <session-id>` resumes a specific session',
	},
	'antigravity-cli': {
		name: 'Antigravity CLI',
		program: 'agy',
		args: ({id}) => (id ? [`--conversation=${id}`] : undefined),
		needsId: true,
		install: 'see antigravity.google',
		followed: 'specstoryai/getspecstory specstory-cli/docs/ANTIGRAVITY-FORMAT.md at 210d609 (§7, from `agy --help` of 1.1.x): `agy --conversation <id>` resumes a conversation (not checked against the agent’s own docs)',
	},
	antigravity: {
		name: 'Google Antigravity',
		program: 'antigravity',
		unsupported: 'the Antigravity editor has no command to reopen a conversation (and keeps them encrypted): open it from the Agent Manager in Antigravity',
		needsId: false,
		install: 'see antigravity.google',
		followed: 'Antigravity keeps its editor’s conversations in ~/.gemini/antigravity/conversations/<id>.pb, encrypted (real folders of December 2025 and April 2026, fixtures/agents/antigravity/README.md); no command-line resume is documented',
	},
	'kiro-cli': {
		name: 'Kiro CLI',
		program: 'kiro-cli',
		// 1.x saved one conversation per folder in its database (resumed in that folder); 2.x resumes a session by its id.
		args: ({id, file}) => (file?.endsWith('.sqlite3') ? ['chat', '--resume'] : id ? ['chat', `--resume-id=${id}`] : undefined),
		needsId: false,
		install: 'curl -fsSL https://cli.kiro.dev/install | bash',
		followed: 'Kiro CLI session management (kiro.dev/docs/cli/chat/session-management, read 2026-12-06): `kiro-cli chat --resume` resumes the folder’s latest session; kiro-cli 2.5.1 resumes one by id with `--resume-id <id>` (kirodotdev/Kiro issue 9066)',
	},
	'amazon-q': {
		name: 'Amazon Q Developer CLI',
		program: 'q',
		args: () => ['chat', '--resume'],
		needsId: false,
		install: 'see aws/amazon-q-developer-cli (now Kiro CLI)',
		followed: 'aws/amazon-q-developer-cli crates/chat-cli at 15cc8f3: a conversation is saved per folder (conversations table keyed by the path) and `q chat --resume` resumes the one of the folder it is run in',
	},
	'kiro-ide': {
		name: 'Kiro IDE',
		program: 'kiro',
		unsupported: 'the Kiro IDE has no command to reopen an agent chat: open its session history in Kiro',
		needsId: false,
		install: 'see kiro.dev/downloads',
		followed: 'Kiro IDE keeps its chats in globalStorage/kiro.kiroagent (getagentseal/codeburn docs/providers/kiro.md at ed8fa3a); no command-line resume is documented',
	},
};
