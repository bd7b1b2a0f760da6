import {describe, expect, it} from 'vitest';
import type {Unit} from '../../../source/ingest/model.js';
import {segmentUnits, type SegmentLimits} from '../../../source/ingest/segment/texttiling.js';

const vocabularies = [
	'glacier moraine crevasse icefall serac ablation firn cirque',
	'invoice ledger refund payment currency reconciliation credit remittance',
	'kubernetes pod cluster ingress container scheduler node volume',
];

function paragraph(topic: number, seed: number): Unit {
	const words = vocabularies[topic]!.split(' ');
	const text = Array.from({length: 40}, (_, i) => words[(i * 7 + seed) % words.length]).join(' ');
	return {blocks: [{role: 'text', kind: 'prose', text: `${text}.`}]};
}

const limits: SegmentLimits = {span: 2, minUnits: 2, maxUnits: 40, minChars: 300, maxChars: 100_000};

function covers(segments: Array<{start: number; end: number}>, count: number): boolean {
	let at = 0;
	for (const segment of segments) {
		if (segment.start !== at || segment.end <= segment.start) return false;
		at = segment.end;
	}
	return at === count;
}

describe('segmentUnits', () => {
	it('puts boundaries where the vocabulary changes', () => {
		const units = [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2].map((topic, index) => paragraph(topic, index));
		const segments = segmentUnits(units, {limits});
		expect(segments.map((segment) => segment.start)).toEqual([0, 5, 10]);
		expect(covers(segments, units.length)).toBe(true);
	});

	it('never makes a segment smaller than the minimum', () => {
		const units = [0, 0, 0, 1, 0, 0, 0].map((topic, index) => paragraph(topic, index));
		const segments = segmentUnits(units, {limits});
		for (const segment of segments) expect(segment.end - segment.start).toBeGreaterThanOrEqual(2);
	});

	it('splits a cohesive run that exceeds the maximum', () => {
		const units = Array.from({length: 30}, (_, index) => paragraph(0, index));
		const segments = segmentUnits(units, {limits: {...limits, maxUnits: 8}});
		expect(covers(segments, units.length)).toBe(true);
		for (const segment of segments) expect(segment.end - segment.start).toBeLessThanOrEqual(8);
	});

	it('starts topics at headings and prompts more readily', () => {
		const units = Array.from({length: 12}, (_, index) => paragraph(0, index));
		units[6] = {...units[6]!, heading: 'A new part'};
		const segments = segmentUnits(units, {limits});
		expect(segments.map((segment) => segment.start)).toContain(6);
	});

	it('covers thousands of units in windows, every unit exactly once', () => {
		const units = Array.from({length: 5000}, (_, index) => paragraph(Math.floor(index / 50) % 3, index));
		const segments = segmentUnits(units, {limits});
		expect(covers(segments, units.length)).toBe(true);
		// Topic changes every 50 units: most of them are found.
		const starts = new Set(segments.map((segment) => segment.start));
		const found = Array.from({length: 99}, (_, k) => (k + 1) * 50).filter((at) => starts.has(at)).length;
		expect(found).toBeGreaterThan(80);
		for (const segment of segments) expect(segment.bag.size).toBeLessThanOrEqual(64);
	});
});
