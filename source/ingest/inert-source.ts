import {inertText} from '../core/inert-text.js';
import type {ParsedSource, Section} from './model.js';

function inertSection(section: Section): void {
	if (section.heading !== undefined) section.heading = inertText(section.heading);
	for (const unit of section.units) {
		if (unit.heading !== undefined) unit.heading = inertText(unit.heading);
		for (const block of unit.blocks) block.text = inertText(block.text);
	}
	for (const child of section.children) inertSection(child);
}

/**
 * Removes control and escape sequences (whole: CSI, OSC and DCS payloads included) from all a
 * source says, before it is summarized and indexed. Stripped only on display, `ESC[31mRED` would
 * still be indexed and summarized as the word `31mRED`, and an OSC 52 payload would turn up in
 * snippets.
 */
export function makeSourceInert(parsed: ParsedSource): void {
	const {facts} = parsed;
	if (facts.title !== undefined) facts.title = inertText(facts.title);
	if (facts.tldr !== undefined) facts.tldr = inertText(facts.tldr);
	if (facts.titlesByEnd) for (const [key, title] of facts.titlesByEnd) facts.titlesByEnd.set(key, inertText(title));
	if (facts.provenance) {
		for (const [key, value] of Object.entries(facts.provenance)) if (typeof value === 'string') (facts.provenance as Record<string, unknown>)[key] = inertText(value, {singleLine: true});
	}
	inertSection(parsed.root);
}
