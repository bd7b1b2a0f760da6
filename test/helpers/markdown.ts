const words = 'cache eviction memory replica shard index planner vacuum runner workflow artifact release invoice ledger refund payment cluster ingress container volume'.split(' ');

/** A markdown file of about `size` bytes, in sections, whose words differ from seed to seed. */
export function generatedMarkdown(seed: number, size: number): string {
	let text = `# Notes ${seed}\n\n`;
	for (let paragraph = 0; text.length < size; paragraph++) {
		if (paragraph % 6 === 0) text += `## Part ${paragraph / 6}\n\n`;
		text += `${Array.from({length: 60}, (_, i) => words[(seed * 7 + paragraph * 3 + i * (1 + (seed % 5))) % words.length]).join(' ')}.\n\n`;
	}
	return text;
}
