import {inertText} from '../core/inert-text.js';
import {planProblem, resumePlan, runPlan} from '../act/resume.js';
import {itemSource} from '../store/summary-store.js';
import {itemOfNode} from '../store/item-of-node.js';
import {defineCommand} from './command.js';
import {printJson, usageError} from './output.js';

export const command = defineCommand({
	about: `
  Resume a session in its own agent: run the agent's resume command in the session's project
  folder, with this terminal (Claude Code: claude --resume=SESSION; Codex: codex resume -- SESSION;
  Gemini CLI: gemini --resume=SESSION; aider: aider --restore-chat-history in its repository;
  OpenCode, Qwen Code, Copilot CLI, Goose and Cursor CLI by their own flags). ID is the session's
  item or any node inside it, as drill find and drill walk give them. A session id from the log
  is passed only if it has the shape of one (never one starting with "-"): it goes as --flag=ID
  or after --, and drill says so when it refuses one.`,
	usage: ['resume ID [--print | --json] [--cwd DIR]'],
	flags: {
		print: {type: 'boolean', help: 'print the command and its folder as a shell line, and run nothing'},
		cwd: {type: 'string', value: 'DIR', help: "run it in DIR instead of the session's project folder"},
	},
	more: `
  With --json it prints {agent, name, command: [argv…], cwd, session_id, shell, found, followed}
  and runs nothing. Exit status: the agent's own.

  Examples
    drill resume conversation_session:k3x9
    drill resume 'conversation_session:k3x9#n4' --print
    $(drill resume conversation_session:k3x9 --print)`,
	async run(cli, context) {
		const [id, extra] = cli.input;
		if (!id) throw usageError('resume needs an ID', 'give a session or a node in one, e.g. drill resume conversation_session:k3x9 (drill find QUERY gives ids)');
		if (extra !== undefined) throw usageError(`resume takes one ID, got also ${JSON.stringify(extra)}`, 'resume one session at a time');
		const {row} = itemOfNode(context.runtime.store(), id);
		const label = `${row.namespace}:${row.item_id}`;
		const plan = resumePlan(itemSource(row), label, cli.flags.cwd ? {cwd: cli.flags.cwd} : {});
		if (context.json) {
			printJson(context.stdout, plan);
			return 0;
		}
		if (cli.flags.print) {
			context.stdout.write(`${inertText(plan.shell, {singleLine: true})}\n`);
			const problem = planProblem(plan, label);
			if (problem) context.stderr.write(`drill: note: ${inertText(problem.line, {singleLine: true})}\n`);
			return 0;
		}
		const problem = planProblem(plan, label);
		if (problem) throw problem;
		context.stderr.write(`drill: resuming in ${inertText(plan.name, {singleLine: true})}: ${inertText(plan.shell, {singleLine: true})}\n`);
		// The agent has the terminal until it exits; drill's store stays closed meanwhile.
		context.runtime.close();
		return await runPlan(plan);
	},
});
