import {readFileSync} from 'node:fs';
import type {ParsedSource, Unit} from '../../../source/ingest/model.js';

/** Feeds a file's lines to a reader, as the pipeline does. */
export function readWith(file: string, reader: {push(text: string, line: number): void; finish(): ParsedSource}): ParsedSource {
	readFileSync(file, 'utf8')
		.split('\n')
		.forEach((line, index) => reader.push(line.replace(/\r$/u, ''), index + 1));
	return reader.finish();
}

export function allUnits(source: ParsedSource): Unit[] {
	const units: Unit[] = [];
	const visit = (section: ParsedSource['root']) => {
		units.push(...section.units);
		section.children.forEach(visit);
	};
	visit(source.root);
	return units;
}

export const roles = (source: ParsedSource) => allUnits(source).flatMap((unit) => unit.blocks.map((block) => block.role));

/** The texts of a source's blocks of one role, in order. */
export const textsOf = (source: ParsedSource, role: string) =>
	allUnits(source)
		.flatMap((unit) => unit.blocks)
		.filter((block) => block.role === role)
		.map((block) => block.text);
