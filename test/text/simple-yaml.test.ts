import {parse as parseYaml} from 'yaml';
import {describe, expect, it} from 'vitest';
import {simpleYaml} from '../../source/text/simple-yaml.js';

/** Front matter the fast reader takes: it must read each exactly as the YAML parser does. */
const taken = [
	'title: "Scope this was is planner"\ndescription: "More vacuum checks more timeout query it query database."\nweight: 89\ndate: 2026-06-15\ntags: [database, index, query]\naliases: ["/scope-this-was-is-planner/"]',
	"title: 'Single quoted: with a colon'\nsummary: Plain words, with a comma and (parentheses)",
	'title: What\'s new in "v2" - the release\ndraft_mode: plain text',
	'date: 2026-06-15T10:30:00Z\nlastmod: 2026-06-15T10:30:00+02:00\nweight: 0012',
	'tags: []\ncategories: [ docs , "how to" ]\nkeywords: [/api/v1, Getting started]',
	'title: ""\ndescription: \'\'',
	'\ntitle: After a blank line\n',
	'url: /docs/guide/\nlayout: single',
];

/** Front matter it leaves to the parser (nesting, comments, other types, anything unusual). */
const left = [
	'',
	'title: x\ntitle: y',
	'# a comment\ntitle: x',
	'title: x # trailing comment',
	'params:\n  color: red',
	'description: |\n  a block',
	'tags:\n  - a\n  - b',
	'draft: true',
	'draft: False',
	'image: null',
	'ratio: 1.5',
	'count: -3',
	'version: 1e3',
	'link: https://example.com/a',
	'title: "escaped \\" quote"',
	"title: 'it''s'",
	'title: &anchor x',
	'title: *alias',
	'title: !tag x',
	'title:  two spaces',
	'title: trailing space ',
	'tags: [a, [b]]',
	'tags: [a, ]',
	'tags: [true, x]',
	'tags: [1, 2]',
	'__proto__: x',
	'true: x',
	'%YAML 1.2',
	'title: x\r',
	'title:\tx',
	'title: {a: 1}',
	'date: 2026-06-15 10:30',
];

describe('simpleYaml', () => {
	it('reads simple front matter exactly as the YAML parser does', () => {
		for (const yaml of taken) {
			const fast = simpleYaml(yaml);
			expect(fast, yaml).toBeDefined();
			expect(fast, yaml).toEqual(parseYaml(yaml));
		}
	});

	it('leaves anything else to the YAML parser', () => {
		for (const yaml of left) expect(simpleYaml(yaml), yaml).toBeUndefined();
	});
});
