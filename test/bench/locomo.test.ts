import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {evaluateLocomo, hitScores} from '../../bench/eval/conversations.js';
import {conversationCollection, evidenceSessions, isLocomo, loadLocomo, locomoDate} from '../../bench/eval/locomo.js';
import {tempDir} from '../helpers/cli.js';

/** A made-up conversation in LoCoMo's shape (the real file is never committed). */
function tinyLocomo(): string {
	const turn = (speaker: string, id: string, text: string, caption?: string) => ({speaker, dia_id: id, text, ...(caption ? {blip_caption: caption, query: 'not said'} : {})});
	const conversation = {
		sample_id: 'conv-t',
		conversation: {
			speaker_a: 'Ana',
			speaker_b: 'Ben',
			session_1_date_time: '1:56 pm on 8 May, 2023',
			session_1: [turn('Ana', 'D1:1', 'I adopted a puppy named Biscuit.'), turn('Ben', 'D1:2', 'Lovely! What breed?'), turn('Ana', 'D1:3', 'A beagle.', 'a photo of a beagle on a sofa')],
			session_2_date_time: '10:00 am on 2 June, 2023',
			session_2: [turn('Ben', 'D2:1', 'I ran my first marathon in Lisbon.'), turn('Ana', 'D2:2', 'How long did it take?'), turn('Ben', 'D2:3', 'Four hours and ten minutes.')],
			session_3_date_time: '9:15 pm on 30 June, 2023',
			session_3: [turn('Ana', 'D3:1', 'Biscuit chewed my shoes.'), turn('Ben', 'D3:2', 'Puppies do that. Did you try a crate?')],
			// A date without a session, as the real file has.
			session_4_date_time: '9:15 pm on 3 July, 2023',
		},
		qa: [
			{question: 'What breed is the puppy Ana adopted?', answer: 'beagle', evidence: ['D1:1', 'D1:3'], category: 4},
			{question: 'Where did Ben run a marathon?', answer: 'Lisbon', evidence: ['D2:1'], category: 1},
			{question: 'When did Biscuit chew the shoes?', answer: 'June 2023', evidence: ['D:3:1'], category: 2},
			{question: 'What did Ben say about crates?', evidence: ['D'], category: 5},
		],
	};
	const folder = tempDir('drill-locomo-');
	writeFileSync(path.join(folder, 'locomo10.json'), JSON.stringify([conversation]));
	return folder;
}

describe('LoCoMo as a collection', () => {
	it('reads dates, evidence and turns as its peers do', () => {
		expect(locomoDate('1:56 pm on 8 May, 2023')).toBe('2023-05-08T13:56:00.000Z');
		expect(locomoDate('12:19 am on 4 January, 2024')).toBe('2024-01-04T00:19:00.000Z');
		expect(locomoDate('whenever')).toBeUndefined();
		expect(evidenceSessions(['D8:6; D9:17', 'D:11:26', 'D', 'D2:1 D2:3'])).toEqual(['session_8', 'session_9', 'session_11', 'session_2']);
		const folder = tinyLocomo();
		expect(isLocomo(folder)).toBe(true);
		expect(isLocomo(path.join(folder, 'locomo10.json'))).toBe(true);
		const [conversation] = loadLocomo(folder);
		expect(conversation!.sessions.map((session) => session.id)).toEqual(['session_1', 'session_2', 'session_3']);
		// The speaker opens each message; a photo is its caption (the image search query is left out).
		expect(conversation!.sessions[0]!.messages[2]).toEqual({role: 'user', content: 'Ana: A beagle. [image: a photo of a beagle on a sofa]', timestamp: '2023-05-08T13:56:00.000Z'});
		// A question with no evidence that names a session is left out.
		expect(conversation!.questions.map((question) => [question.category, question.sessions])).toEqual([
			['single-hop', ['session_1']],
			['multi-hop', ['session_2']],
			['temporal', ['session_3']],
		]);
		const collection = conversationCollection(conversation!);
		expect(collection.documents[1]).toEqual({_id: 'session_2', title: '', text: 'Ben: I ran my first marathon in Lisbon.\nAna: How long did it take?\nBen: Four hours and ten minutes.'});
	});

	it('counts hit@k when any evidence session is in the first k, recall_all@5 when all are', () => {
		const judged = new Map([
			['a', 1],
			['b', 1],
		]);
		expect(hitScores([{ranked: ['x', 'b', 'y', 'z', 'w', 'a'], judged}])).toEqual({hit1: 0, hit5: 1, hit10: 1, mrr: 0.5, recall_all5: 0});
		expect(hitScores([{ranked: ['a', 'b'], judged}])).toMatchObject({hit1: 1, recall_all5: 1});
	});

	it('is evaluated per conversation and reported per method and category, beside plain bm25', async () => {
		const report = await evaluateLocomo(tinyLocomo(), ['keyword', 'semantic', 'keyword,semantic'], () => {});
		expect(report).toMatchObject({collection: 'locomo', documents: 3, queries: 3, conversation: {conversations: 1, sessions: 3}});
		expect(Object.keys(report.conversation.rankers)).toEqual(['plain_bm25', 'keyword', 'semantic', 'keyword,semantic']);
		expect(report.conversation.rankers.keyword!.hit1).toBe(1);
		expect(Object.keys(report.conversation.rankers.keyword!.categories).sort()).toEqual(['multi-hop', 'single-hop', 'temporal']);
		expect(report.methods.keyword!.ndcg10).toBeGreaterThan(0);
		expect(report.hybrid_vs_max).toBeDefined();
	});
});
