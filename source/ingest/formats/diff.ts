/**
 * A unified diff of two texts by lines, for showing an edit a tool made ("-" removed, "+" added,
 * up to three lines of context around each change). Exact (longest common subsequence) for edits
 * of moderate size; for huge ones the common head and tail are kept and the middle is shown as
 * replaced, which is still a true description of the change.
 */

const contextLines = 3;
/** Above this many line pairs, the LCS table would cost too much: fall back to head/tail. */
const maxTableCells = 250_000;

type Op = {kind: ' ' | '-' | '+'; line: string};

function lcsOps(a: string[], b: string[]): Op[] {
	const rows = a.length + 1;
	const cols = b.length + 1;
	// lengths[i][j]: LCS of a[i..] and b[j..], in one flat array.
	const lengths = new Uint32Array(rows * cols);
	for (let i = a.length - 1; i >= 0; i--) {
		for (let j = b.length - 1; j >= 0; j--) {
			lengths[i * cols + j] = a[i] === b[j] ? lengths[(i + 1) * cols + j + 1]! + 1 : Math.max(lengths[(i + 1) * cols + j]!, lengths[i * cols + j + 1]!);
		}
	}
	const ops: Op[] = [];
	let i = 0;
	let j = 0;
	while (i < a.length && j < b.length) {
		if (a[i] === b[j]) {
			ops.push({kind: ' ', line: a[i]!});
			i++;
			j++;
		} else if (lengths[(i + 1) * cols + j]! >= lengths[i * cols + j + 1]!) ops.push({kind: '-', line: a[i++]!});
		else ops.push({kind: '+', line: b[j++]!});
	}
	while (i < a.length) ops.push({kind: '-', line: a[i++]!});
	while (j < b.length) ops.push({kind: '+', line: b[j++]!});
	return ops;
}

function lineOps(a: string[], b: string[]): Op[] {
	let head = 0;
	while (head < a.length && head < b.length && a[head] === b[head]) head++;
	let tail = 0;
	while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
	const middleA = a.slice(head, a.length - tail);
	const middleB = b.slice(head, b.length - tail);
	const middle: Op[] =
		(middleA.length + 1) * (middleB.length + 1) <= maxTableCells
			? lcsOps(middleA, middleB)
			: [...middleA.map((line): Op => ({kind: '-', line})), ...middleB.map((line): Op => ({kind: '+', line}))];
	return [...a.slice(0, head).map((line): Op => ({kind: ' ', line})), ...middle, ...a.slice(a.length - tail).map((line): Op => ({kind: ' ', line}))];
}

/** The hunks of a unified diff (without the `---`/`+++` header), or '' when the texts are equal. */
export function unifiedDiff(before: string, after: string): string {
	const a = before === '' ? [] : before.split('\n');
	const b = after === '' ? [] : after.split('\n');
	const ops = lineOps(a, b);
	const changed = ops.map((op) => op.kind !== ' ');
	if (!changed.includes(true)) return '';
	const out: string[] = [];
	let index = 0;
	// Line numbers in each text where op `index` sits.
	const lineA: number[] = [];
	const lineB: number[] = [];
	let atA = 1;
	let atB = 1;
	for (const op of ops) {
		lineA.push(atA);
		lineB.push(atB);
		if (op.kind !== '+') atA++;
		if (op.kind !== '-') atB++;
	}
	while (index < ops.length) {
		if (!changed[index]) {
			index++;
			continue;
		}
		const start = Math.max(0, index - contextLines);
		let end = index;
		// Extend the hunk while the next change is within two contexts' reach.
		for (let next = index; next < ops.length; next++) {
			if (changed[next]) end = next;
			else if (next - end > contextLines * 2) break;
		}
		const stop = Math.min(ops.length, end + contextLines + 1);
		const hunk = ops.slice(start, stop);
		const countA = hunk.filter((op) => op.kind !== '+').length;
		const countB = hunk.filter((op) => op.kind !== '-').length;
		out.push(`@@ -${countA === 0 ? lineA[start]! - 1 : lineA[start]},${countA} +${countB === 0 ? lineB[start]! - 1 : lineB[start]},${countB} @@`);
		for (const op of hunk) out.push(`${op.kind}${op.line}`);
		index = stop;
	}
	return out.join('\n');
}
