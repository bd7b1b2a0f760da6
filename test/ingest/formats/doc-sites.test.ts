import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {MarkdownReader} from '../../../source/ingest/formats/markdown.js';
import {markupRole} from '../../../source/ingest/formats/markup-lines.js';
import type {ParsedSource} from '../../../source/ingest/model.js';
import {ingest} from '../../helpers/ingest.js';
import {SummaryStore} from '../../../source/store/summary-store.js';
import {plainText} from '../../../source/text/clean.js';
import {tempDir} from '../../helpers/cli.js';
import {allUnits, readWith} from './read.js';

/**
 * Pages as documentation generators write them (Docusaurus MDX, Hugo shortcodes, MkDocs
 * admonitions and tabs, MyST directives and targets, a GitHub README with badges): the generator's
 * markup is kept as `markup` spans and never read as the page's prose, titles or keywords.
 */
const site = (file: string) => path.join('fixtures', 'doc-sites', file);
const read = (file: string) => readWith(site(file), new MarkdownReader([]));
const blocksOf = (source: ParsedSource, role?: string) => allUnits(source).flatMap((unit) => unit.blocks.filter((block) => (role ? block.role === role : block.role !== markupRole)));
const prose = (source: ParsedSource) => blocksOf(source).filter((block) => block.kind === 'prose').map((block) => block.text).join('\n');

/** Markup of every generator that must never reach the prose. */
const noise = [/^\.\. [a-z_|]/mu, /:doc:|:ref:/u, /¶/u, /^import /mu, /:::/u, /<Tabs|<TabItem|CodeBlock|defaultValue/u, /<!--/u, /\{\{[<%]/u, /^!!! /mu, /^=== "/mu, /--8<--/u, /\]: https?:/u, /^\(relay-targets\)=/mu, /^:class:|^:name:/mu, /^\{#pools\}/mu, /img\.shields|badge\.svg/u, /align="center"/u];

/** The page read, named `title`, with no generator's markup in its prose: that prose. */
function cleanPage(file: string, title: string): {source: ParsedSource; text: string} {
	const source = read(file);
	expect(source.facts.title).toBe(title);
	const text = prose(source);
	for (const pattern of noise) expect(text).not.toMatch(pattern);
	return {source, text};
}

describe('documentation generators\' markup', () => {
	it('Docusaurus MDX: imports, admonition fences, JSX components and comments are markup; the H1 after the imports names the page', () => {
		const {source, text} = cleanPage('docusaurus/guides/install.mdx', 'Installing the relay');
		expect(text).toContain('Packages are signed; verify the checksum');
		expect(text).toContain('A relay that queues deliveries on disk survives a restart');
		const markup = blocksOf(source, markupRole).map((block) => block.text).join('\n');
		// No raw text is lost: the markup is kept as spans of its own.
		expect(markup).toContain("import Tabs from '@theme/Tabs';");
		expect(markup).toContain('{label: \'Debian\', value: \'apt\'},');
		expect(markup).toContain('once the MSI is signed -->');
		expect(markup).toContain(':::tip Keep the queue on disk');
	});

	it('Hugo: shortcodes on their own lines are markup', () => {
		const {text} = cleanPage('hugo/docs/_index.md', 'Documentation');
		expect(text).not.toMatch(/\{\{/u);
		expect(text).toContain('Everything an operator needs to run the relay.');
		expect(text).toContain('Version 1 configuration files are not read any more.');
	});

	it('MkDocs: admonition and tab bodies are read unindented, their openers, snippets and link definitions are markup', () => {
		const {source, text} = cleanPage('mkdocs/retries.md', 'Tuning retries');
		// The admonition's indented body is prose (it used to be dropped as indented code).
		expect(text).toMatch(/^A delivery retried without a limit keeps its worker busy/mu);
		// The tab's indented fence is a code fence.
		expect(blocksOf(source).find((block) => block.kind === 'code' && block.text.includes('max_attempts: 5'))?.text).toMatch(/^``` yaml/u);
		expect(plainText(':octicons-milestone-24: Default: `5` {: #retries } and total\\_heap\\_size')).toBe('Default: 5 and total_heap_size');
	});

	it('MyST: a target before the H1, directive fences and options, attribute lines are markup; admonition directives are prose, code directives code', () => {
		const {source, text} = cleanPage('myst/targets.md', 'Delivery targets');
		expect(text).toContain('A target without a queue receives deliveries synchronously');
		expect(text).toContain('Name targets after the team that owns the workers');
		expect(plainText('for example {ref}`billing-workers <billing>`.')).toBe('for example billing-workers.');
		const code = blocksOf(source).filter((block) => block.kind === 'code').map((block) => block.text);
		expect(code.some((block) => block.startsWith('```{code-block} python'))).toBe(true);
	});

	it('a README: the logo block and the badge row are markup, the one H1 names it', () => {
		const {text} = cleanPage('readme/README.md', 'webhook-relay');
		expect(text).toMatch(/^A small service that receives webhooks/mu);
	});

	it('reStructuredText: its title, explicit markup aside (directives, targets, fields), admonition bodies as prose, code and toctree bodies not', () => {
		const source = read('sphinx-rst/upgrading.rst');
		expect(source.facts.title).toBe('Upgrading a relay');
		const text = prose(source);
		expect(text).not.toMatch(/^\.\. |^:orphan:|^:class:|apt install|from-1\.x|<br\/>/mu);
		expect(text).toContain('A relay drains its queue before it stops');
		expect(plainText('See :doc:`configuration` and :ref:`the retry settings <retries>`; read the `release notes <https://example.org>`_.')).toBe('See configuration and the retry settings; read the release notes.');
	});

	it('a heading-like line inside markup is no heading, and "<foo" in a sentence is no tag', () => {
		const reader = new MarkdownReader([]);
		const lines = ['# Page', '', '<!--', '# not a heading', '-->', '', 'Values <x or >y are refused.', '', 'Next paragraph.'];
		lines.forEach((line, index) => reader.push(line, index + 1));
		const source = reader.finish();
		expect(source.root.children.map((section) => section.heading)).toEqual(['Page']);
		expect(prose(source)).toBe('Values <x or >y are refused.\nNext paragraph.');
	});

	it('inline markup reads as its words: reference links with brackets inside, comments, shortcodes; a signature keeps its optional arguments', () => {
		expect(plainText('Implements [Dispatcher.close([callback])][]. See [the guide][guide].')).toBe('Implements Dispatcher.close([callback]). See the guide.');
		expect(plainText('mock.fn([original[, implementation]][, options])')).toBe('mock.fn([original[, implementation]][, options])');
		expect(plainText('Run it <!-- not yet: --fast --> now {{< icon "rocket" >}} please.')).toBe('Run it now please.');
		// A generic type in inline code keeps its parameters (the Rust book's "Pin<Box<SomeType>>" read "Pin<Box >").
		expect(plainText('If you have `Pin<Box<SomeType>>`, the <b>value</b> is pinned.')).toBe('If you have Pin<Box<SomeType>>, the value is pinned.');
	});

	it('names a page by its one heading of the top level when it opens the page, not by one of several', () => {
		const title = (lines: string[]) => {
			const reader = new MarkdownReader([]);
			lines.forEach((line, index) => reader.push(line, index + 1));
			return reader.finish().facts.title;
		};
		expect(title(['Release schedule', '----------------', '', 'The relay is released every month.', '', '### Patch releases', 'Text.'])).toBe('Release schedule');
		expect(title(['## Install', 'Text.', '## Usage', 'More.'])).toBeUndefined();
		expect(title(['Intro text first.', '', '## Install', 'Text.'])).toBeUndefined();
	});

	it('names a page by its navigation label when it has no title and several top headings', () => {
		const reader = new MarkdownReader([]);
		['---', 'sidebar_label: Release notes', '---', '# 2.0', 'Text.', '# 1.0', 'More.'].forEach((line, index) => reader.push(line, index + 1));
		expect(reader.finish().facts.title).toBe('Release notes');
	});
});

describe('ingesting a documentation folder', () => {
	it('items free of markup, and the site\'s images, styles and configuration skipped, not failed', async () => {
		const store = path.join(tempDir(), 'store.db');
		const report = await ingest([path.join('fixtures', 'doc-sites')], {storePath: store});
		expect(report.failed).toEqual([]);
		// relay-diagram.png and custom.css by name, _category_.json by its content.
		expect(report.skipped_files).toBe(3);
		expect(report.added).toBe(8);
		const summary = SummaryStore.open(store);
		try {
			const records = [...summary.eachItem()].map((row) => summary.record(row));
			expect(records.map((record) => record.title).sort()).toEqual(['Configuring the relay', 'Delivery targets', 'Documentation', 'Installing the relay', 'Operations', 'Tuning retries', 'Upgrading a relay', 'webhook-relay']);
			// A page's TLDR starts with what its introduction says, not only with what its sections say.
			expect(records.find((record) => record.title === 'Installing the relay')!.tldr).toMatch(/^The relay forwards webhook deliveries to your workers/u);
			expect(records.find((record) => record.title === 'webhook-relay')!.tldr).toMatch(/^A small service that receives webhooks/u);
			// A Sphinx page: named without the site's name, headings without their "¶", the hidden help left out.
			const page = records.find((record) => record.title === 'Configuring the relay')!;
			expect(page.nodes.map((node) => node.title).slice(1)).toEqual(['Listeners', 'Queues']);
			expect(page.tldr).toMatch(/^The relay reads its configuration from relay\.toml/u);
			expect(JSON.stringify(page)).not.toMatch(/Keyboard shortcuts|to hide this help/u);
			for (const record of records) {
				const shown = [record.title, record.tldr, ...record.nodes.flatMap((node) => [node.title, node.summary, ...node.keywords])].join('\n');
				for (const pattern of noise) expect(shown, record.title).not.toMatch(pattern);
				expect(shown, record.title).not.toMatch(/octicons|pageinfo|theme\/Tabs|shields/u);
			}
		} finally {
			summary.close();
		}
	});
});
