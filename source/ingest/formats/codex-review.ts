/**
 * Codex's review mode (`/review`) answers with a JSON report, not prose: `{"findings": [{"title":
 * "[P1] …", "body", "priority", "code_location"}], "overall_correctness": "patch is incorrect",
 * "overall_explanation": "…"}` (codex-rs protocol `ReviewOutputEvent`). Read as it is, that answer
 * is raw JSON, which no title or TLDR may show; this makes it the report a person reads.
 */

interface Finding {
	title?: unknown;
	body?: unknown;
	code_location?: {absolute_file_path?: unknown; line_range?: {start?: unknown}};
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A review report as prose (the verdict, its explanation, then each finding), or the text unchanged. */
export function reviewAsProse(message: string): string {
	const trimmed = message.trim();
	if (!trimmed.startsWith('{') || !trimmed.includes('"findings"')) return message;
	let report: {findings?: unknown; overall_correctness?: unknown; overall_explanation?: unknown};
	try {
		report = JSON.parse(trimmed) as typeof report;
	} catch {
		return message;
	}
	if (typeof report !== 'object' || report === null || !Array.isArray(report.findings)) return message;
	const findings = (report.findings as Finding[]).filter((finding) => typeof finding === 'object' && finding !== null && text(finding.title));
	const verdict = text(report.overall_correctness);
	const explanation = text(report.overall_explanation);
	const head = [verdict ? `Review: ${verdict}.` : findings.length === 0 ? 'Review: no findings.' : '', explanation].filter(Boolean).join(' ');
	const lines = findings.map((finding) => {
		const file = text(finding.code_location?.absolute_file_path).split('/').at(-1);
		const line = finding.code_location?.line_range?.start;
		const where = file ? ` (${file}${typeof line === 'number' ? `:${line}` : ''})` : '';
		return `- ${text(finding.title)}${where}: ${text(finding.body)}`;
	});
	return [head, lines.length > 0 ? `Findings:\n${lines.join('\n')}` : ''].filter(Boolean).join('\n\n');
}
