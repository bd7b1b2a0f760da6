/**
 * A path under the home folder as a person writes it: `/home/ana/src/api` → `~/src/api`. Paths
 * elsewhere, and a home of "" or "/", stay as they are. Both separators count (a Windows home).
 */
export function homeRelative(file: string, home: string | undefined): string {
	const base = home?.replace(/[/\\]+$/u, '');
	if (!base) return file;
	if (file === base) return '~';
	const rest = file.slice(base.length);
	return file.startsWith(base) && /^[/\\]/u.test(rest) ? `~${rest}` : file;
}

/**
 * A file inside `folder` as a path from it (`/home/ana/api/src/x.ts` in `/home/ana/api` →
 * `src/x.ts`), as agents that record relative paths give them; a file elsewhere as it is.
 * Windows paths compare without regard to case and with either separator.
 */
export function withinFolder(file: string, folder: string | undefined): string {
	const base = folder?.replace(/[/\\]+$/u, '');
	if (!base) return file;
	const windows = /^[a-z]:[\\/]/iu.test(base);
	const same = windows ? file.slice(0, base.length).toLowerCase().replaceAll('\\', '/') === base.toLowerCase().replaceAll('\\', '/') : file.startsWith(base);
	const rest = file.slice(base.length);
	return same && /^[/\\]./u.test(rest) ? rest.slice(1) : file;
}

/**
 * A path as a message shows it: from the current folder when it is inside it (`notes/a.md`),
 * else from the home folder (`~/.claude/projects/x.jsonl`), else whole.
 */
export function shownPath(file: string, where: {cwd?: string; home?: string | undefined} = {}): string {
	const inside = withinFolder(file, where.cwd);
	if (inside !== file) return inside;
	return homeRelative(file, where.home);
}

/**
 * A project as a list row names it: the last part of its path (`/home/ana/src/api` → `api`,
 * `C:\work\shop\` → `shop`, `dev-container: /workspaces/api` → `api`); the repository's name is
 * what tells projects apart in a row.
 */
export function projectName(project: string): string {
	const trimmed = project.replace(/[/\\]+$/u, '');
	return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1) || trimmed;
}
