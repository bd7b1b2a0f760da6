import {expect, test} from 'vitest';
import {cleanResult} from '../../source/ui/inert-views.js';
import {resultRows} from '../../source/ui/query-results.js';
import type {FindResult} from '../../source/ui/services.js';

const hit = (rank: number, id: string, title: string): FindResult['stage1_hits'][number] => {
	const [namespace, rest] = id.split(':') as [string, string];
	return {rank, score: 10 - rank, drill_node_id: id, namespace, item_id: rest.split('#')[0]!, title, snippet: `about ${title}`, level: 1, matched_by: ['keyword', 'semantic']};
};

const result: FindResult = {
	query: 'pool',
	method: 'keyword,semantic',
	scope: null,
	stage1_hits: [hit(1, 'cs:k3x9#n4', 'Pool exhaustion'), hit(2, 'page:pgb01#n7', 'Sizing the pool'), hit(3, 'cs:k3x9', 'API debugging')],
	candidate_items: [],
	drilled: [
		{drill_node_id: 'cs:k3x9', spans: [{drill_node_id: 'cs:k3x9#n5', seq: 6, snippet: 'pool timing', score: 2}]},
		{drill_node_id: 'page:pgb01', spans: [{drill_node_id: 'page:pgb01', seq: 1, snippet: 'root span', score: 1}]},
	],
	timings_ms: {total: 3},
};

test('hits in rank order, each drilled item\'s spans under its first hit only', () => {
	const rows = resultRows(result);
	expect(rows.map((row) => `${row.kind} ${row.target}`)).toEqual(['hit cs:k3x9#n4', 'span cs:k3x9#n5', 'hit page:pgb01#n7', 'span page:pgb01', 'hit cs:k3x9']);
	expect(rows[0]).toMatchObject({title: '1 Pool exhaustion', note: 'keyword+semantic'});
	expect(rows[1]).toMatchObject({title: 'span 6', note: '#n5'});
	expect(rows[3]).toMatchObject({note: '#n0'});
});

test('every text in a result is made inert', () => {
	const hostile = cleanResult({...result, stage1_hits: [{...hit(1, 'cs:x', 'T\u001b]0;owned\u0007itle'), snippet: 'a\u009b2Jb\u202ec'}]});
	expect(hostile.stage1_hits[0]!.title).toBe('Title');
	expect(hostile.stage1_hits[0]!.snippet).toBe('abc');
});

test('hits from closed drills jump into the drills domain by their sha; knowledge hits into knowledge', () => {
	const drills = resultRows({...result, source: 'drill', stage1_hits: [{...hit(1, 'drill:a1b2c3', 'A drill'), drill_id: 'a1b2c3'}], drilled: []});
	expect(drills[0]).toMatchObject({domain: 'drills', target: 'a1b2c3'});
	const knowledge = resultRows({...result, source: 'knowledge', stage1_hits: [hit(1, 'kn:architecture/pooling', 'Pooling')], drilled: []});
	expect(knowledge[0]).toMatchObject({domain: 'knowledge', target: 'kn:architecture/pooling'});
	expect(resultRows(result)[0]!.domain).toBe('summary');
});

test('notices survive cleaning', () => {
	expect(cleanResult({...result, notices: ['no semantic index yet\u001b[2J']}).notices).toEqual(['no semantic index yet']);
});
