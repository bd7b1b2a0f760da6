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
