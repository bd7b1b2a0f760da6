import {describe, expect, it} from 'vitest';
import {describeSource} from '../../../source/ingest/build-item.js';
import {reportOutcome} from '../../../source/ingest/tree/closing-report.js';
import {assistant, claude, result, tool, user} from '../../helpers/claude-records.js';

// Issue 35, point 2: TLDRs that state the opposite. Shapes named in fixtures/summaries/sessions/README.md.
const failed = (uuid: string, output: string) => result(uuid, output, true);
const ok = (uuid: string, output: string) => result(uuid, output);

/** Claude Code's auto-mode classifier denial, as its tool result reads (AUTO_MODE_REJECTION_PREFIX + the reason). */
const classifierDenial =
	"Permission for this action has been denied. Reason: Committing directly to the default branch (main) bypasses review. If you have other tasks that don't depend on this action, continue working on those.";

describe('a TLDR never states the opposite of what happened', () => {
	it('a commit the permission classifier denied is not reported as made', () => {
		const parsed = claude([
			user('u1', 'Fix the null check in the login handler and commit it'),
			tool('e1', 'Edit', {file_path: '/src/app/login.ts', old_string: 'if (user)', new_string: 'if (user != null)'}),
			ok('e1', 'The file /src/app/login.ts has been updated.'),
			tool('c1', 'Bash', {command: 'git add -A && git commit -m "Fix null check in login handler"'}),
			failed('c1', classifierDenial),
			assistant('a1', 'The null check in login.ts is fixed; the commit was blocked by the permission classifier, so the change is uncommitted.'),
		]);
		const {tldr} = describeSource(parsed);
		expect(tldr).not.toMatch(/committed fix null check/iu);
		expect(tldr).toMatch(/uncommitted/u);
	});

	it('a commit that ran is still reported', () => {
		const parsed = claude([
			user('u1', 'Fix the null check in the login handler and commit it'),
			tool('c1', 'Bash', {command: 'git commit -am "Fix null check in login handler"'}),
			ok('c1', '[main 1a2b3c4] Fix null check in login handler\n 1 file changed, 1 insertion(+)'),
			assistant('a1', 'Done.'),
		]);
		expect(describeSource(parsed).tldr).toMatch(/committed Fix null check in login handler \(1a2b3c4\)/iu);
	});

	it('a Chinese answer whose verdict is "no" (不会) keeps its verdict before the "what if" part', () => {
		// The shape of a Chinese technical answer: the verdict in bold, then why (as in a public Maven
		// migration note, file id 38799903629 of the search index).
		const answer = '**不会**。profile 为自身编译期服务，deploy 后失效。\n\n如果 deploy 后还能依赖传递的话，那某些人就能定义一堆通用的 profile 变相投毒了。';
		const outcome = reportOutcome(answer);
		expect(outcome.startsWith('不会。')).toBe(true);
		// An English "No." keeps its verdict too.
		expect(reportOutcome('No. The cache is rebuilt on every start, so stale entries never survive a restart.')).toMatch(/^No\. The cache is rebuilt/u);
	});

	it('a short Chinese list item says what was done: it is a sentence, a bare "明白了。" is not', () => {
		// A real Codex closing report (Xu-Wentao's rollout of 2026-04-08, a public dotfiles repository), its list kept.
		const report = '已完成。\n\n- 已安装 `font-maple-mono-nf-cn`\n- 已创建 Ghostty 配置文件：[config](/Users/xuwentao/Projects/github/dotfile/.config/ghostty/config)\n- `Ghostty` 已能识别 `Maple Mono NF CN`\n\n当前配置是：\n\n```conf\nfont-family = Maple Mono NF CN\n```';
		expect(reportOutcome(report)).toBe('已安装 font-maple-mono-nf-cn. 已创建 Ghostty 配置文件：config.');
		expect(reportOutcome('明白了。用户要求：\n1. **全量化（FFN+QKVO）**，只需要一个 mode\n2. **纯 PyTorch 实现**')).toBe('用户要求： 全量化（FFN+QKVO），只需要一个 mode; 纯 PyTorch 实现.');
	});

	it('a Chinese answer that asks which one is meant, ending in a colon with nothing after it, still says so', () => {
		// A real Claude Code answer (held-out set 5): its choices went into an AskUserQuestion call, so the colon is the answer's last character.
		const answer = '"gemini3" 可以指几种不同的东西，我需要确认一下你具体想安装什么：';
		expect(reportOutcome(answer)).toBe('"gemini3" 可以指几种不同的东西，我需要确认一下你具体想安装什么.');
		// A short one that only introduces still says nothing.
		expect(reportOutcome('如下：\n\n```bash\nnpm i\n```')).toBe('');
	});

	it('a heading that opens with the verdict is the answer, not a label', () => {
		// The opening of a real Claude Code answer (held-out set 5): its verdict is the heading, then labels in bold and code.
		const answer = '## 不是！这不是 Next.js 的 App Router\n\n### 关键证据\n\n**1. 目录结构对比**\n\n```bash\nweb/src/app/          # 不存在\n```';
		expect(reportOutcome(answer)).toMatch(/^不是。这不是 Next\.js 的 App Router\./u);
		expect(reportOutcome('## No! The cache is never rebuilt\n\nIt is read once at start-up and kept until the process exits.')).toMatch(/^No\. The cache is never rebuilt\./u);
		// A heading that is only a label still says nothing.
		expect(reportOutcome('## Summary\n\nThe retry storm came from a pool limit of 4.')).toBe('The retry storm came from a pool limit of 4.');
	});
});
