import {describe, expect, it} from 'vitest';
import {firstRenderedWords} from '../../bench/eval/rendered-words.js';

/** The docs eval's baseline: the first words a reader sees, from the heads of real pages. */
describe('the first words a reader sees', () => {
	it('Starlight MDX (withastro/docs install-and-setup.mdx): imports, link targets and the aside opener are not shown; its title is', () => {
		const body = `import { Tabs, TabItem, FileTree, CardGrid, LinkCard, Steps } from '@astrojs/starlight/components';
import ReadMore from '~/components/ReadMore.astro';

To install Astro manually instead, see our [step-by-step manual installation guide](#manual-setup).

:::tip[Online previews]
Prefer to try Astro in your browser? Visit [astro.new](https://astro.new/) to browse our starter templates.
:::
`;
		expect(firstRenderedWords(body, 30)).toBe('To install Astro manually instead, see our step by step manual installation guide. Online previews Prefer to try Astro in your browser? Visit astro.new to browse our starter templates.');
	});

	it('Tauri (plugin/global-shortcut.mdx) and Nuxt MDC: JSX tags with props, MDC openers and closers are not shown', () => {
		expect(firstRenderedWords(`import PluginLinks from '@components/PluginLinks.astro';\n\n<PluginLinks plugin={frontmatter.plugin} />\n\nRegister global shortcuts.\n`, 30)).toBe('Register global shortcuts.');
		expect(firstRenderedWords('::important\nThis composable is available in Nuxt v3.12+.\n::\n\n::read-more{to="/docs/4.x/guide"}\nRead more.\n::\n', 30)).toBe('This composable is available in Nuxt v3.12+. Read more.');
	});

	it('MkDocs (blog post): comments and link definitions are not shown; code is', () => {
		expect(firstRenderedWords('<!-- md:version 9.2.0 -->\nFirst, add the following lines to `mkdocs.yml`:\n\n``` yaml\nplugins:\n  - blog\n```\n\n  [archive]: ../plugins/blog.md#archive\n', 30)).toBe('First, add the following lines to mkdocs.yml : plugins: blog');
	});
});
