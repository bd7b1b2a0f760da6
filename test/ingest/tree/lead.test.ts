import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {describeSource} from '../../../source/ingest/build-item.js';
import {MarkdownReader} from '../../../source/ingest/formats/markdown.js';
import {textToItem} from '../../../source/ingest/text-to-item.js';

/**
 * A documentation page's TLDR is its lead. Each page is the head of a real page of a public
 * documentation site (its front matter `description` left out, as `npm run eval -- summaries
 * --docs` holds it out); the expectation is the sentence that description paraphrases.
 */
function tldrOf(page: string): string {
	const reader = new MarkdownReader([]);
	page.split('\n').forEach((line, index) => reader.push(line, index + 1));
	return describeSource(reader.finish()).tldr;
}

describe('a document\'s TLDR is its lead', () => {
	it('Astro (withastro/docs guides/endpoints.mdx): an MDX import before the lead, a section after it', () => {
		const tldr = tldrOf(`---
title: Endpoints
i18nReady: true
---
import RecipeLinks from "~/components/RecipeLinks.astro";

Astro lets you create custom endpoints to serve any kind of data. You can use this to generate images, expose an RSS document, or use them as API Routes to build a full API for your site.

In statically-generated sites, your custom endpoints are called at build time to produce static files. If you opt in to [SSR](/en/guides/on-demand-rendering/) mode, custom endpoints turn into live server endpoints that are called on request. Static and SSR endpoints are defined similarly, but SSR endpoints support additional features.

## Static File Endpoints

To create a custom endpoint, add a \`.js\` or \`.ts\` file to the \`/pages\` directory. The \`.js\` or \`.ts\` extension will be removed during the build process, so the name of the file should include the extension of the data you want to create. For example, \`src/pages/data.json.ts\` will build a \`/data.json\` endpoint.

Endpoints export a \`GET\` function (optionally \`async\`) that receives a [context object](/en/reference/api-reference/) with properties similar to the \`Astro\` global. Here, it returns a [\`Response\`](https://developer.mozilla.org/en-US/docs/Web/API/Response) object with a \`name\` and \`url\`, and Astro will call this at build time and use the contents of the body to generate the file.
`);
		// Its first sentence is short of 15 words: the next one comes too.
		expect(tldr).toBe('Astro lets you create custom endpoints to serve any kind of data. You can use this to generate images, expose an RSS document, or use them as API Routes to build a full API for your site.');
	});

	it('Tauri (tauri-docs plugin/global-shortcut.mdx): imports and a JSX component, then a lead of three words', () => {
		const tldr = tldrOf(`---
title: Global Shortcut
plugin: global-shortcut
---

import PluginLinks from '@components/PluginLinks.astro';
import Compatibility from '@components/plugins/Compatibility.astro';

import { Tabs, TabItem, Steps } from '@astrojs/starlight/components';
import CommandTabs from '@components/CommandTabs.astro';
import PluginPermissions from '@components/PluginPermissions.astro';

<PluginLinks plugin={frontmatter.plugin} />

Register global shortcuts.

## Supported Platforms

<Compatibility plugin={frontmatter.plugin} />

## Setup

Install the global-shortcut plugin to get started.

<Tabs>
  <TabItem label="Automatic" >

    Use your project's package manager to add the dependency:

    <CommandTabs npm="npm run tauri add global-shortcut" />

  </TabItem>
</Tabs>
`);
		expect(tldr).toBe('Register global shortcuts.');
	});

	it('Nuxt (nuxt/nuxt docs/4.api/2.composables/on-prehydrate.md): MDC admonitions, the first a version note', () => {
		const tldr = tldrOf(`---
title: "onPrehydrate"
minimalVersion: "3.12"
links:
  - label: Source
    icon: i-simple-icons-github
    to: https://github.com/nuxt/nuxt/blob/main/packages/nuxt/src/app/composables/ssr.ts
    size: xs
---

::important
This composable is available in Nuxt v3.12+.
::

\`onPrehydrate\` is a composable lifecycle hook that allows you to run a callback on the client immediately before Nuxt hydrates the page.
::note
This is an advanced utility and should be used with care. For example, [\`nuxt-time\`](https://github.com/danielroe/nuxt-time/pull/251) and [\`@nuxtjs/color-mode\`](https://github.com/nuxt-modules/color-mode/blob/main/src/script.js) manipulate the DOM to avoid hydration mismatches.
::
`);
		expect(tldr).toBe('onPrehydrate is a composable lifecycle hook that allows you to run a callback on the client immediately before Nuxt hydrates the page.');
	});

	it('Deno (denoland/docs runtime/desktop/serving.md): a version notice in an admonition is passed over whole', () => {
		const tldr = tldrOf(`---
last_modified: 2026-06-25
title: "HTTP serving"
---

:::info Available in Deno 2.9

\`deno desktop\` is available starting in Deno v2.9.0. If you're on an earlier
version, [update Deno](/runtime/reference/cli/upgrade/) to use it.

:::

A \`deno desktop\` app serves its UI over local HTTP and points the embedded
webview at it. This keeps the app structure identical to a normal Deno website.
[\`Deno.serve()\`](/api/deno/~/Deno.serve) is the entry point and every request
flows through your handler, but with no port to manage and no remote network
exposure.

## How it works

When the binary starts:
`);
		expect(tldr).toBe('A deno desktop app serves its UI over local HTTP and points the embedded webview at it.');
	});

	it('Hugo (gohugoio/hugoDocs functions/compare/Default.md): the lead, not the longer note quoted after it', () => {
		const tldr = tldrOf(`---
title: compare.Default
keywords: []
params:
  functions_and_methods:
    aliases: [default]
    returnType: any
    signatures: [compare.Default DEFAULT INPUT]
aliases: [/functions/default]
---

The \`default\` function returns the second argument if set, else the first argument.

> [!NOTE]
> When the second argument is the boolean \`false\` value, the \`default\` function returns \`false\`. All _other_ falsy values are considered unset.
>
> The falsy values are \`false\`, \`0\`, any \`nil\` pointer or interface value, any array, slice, map, or string of length zero, and zero \`time.Time\` values.
>
> Everything else is truthy.

The \`default\` function returns the second argument if set:
`);
		expect(tldr).toBe('The default function returns the second argument if set, else the first argument.');
	});

	it('Deno (denoland/docs examples/tutorials/subprocess.md): a heading, then a list, then the first paragraph', () => {
		const tldr = tldrOf(`---
last_modified: 2026-03-09
title: "Creating a subprocess"
url: /examples/subprocess_tutorial/
---

## Concepts

- Deno is capable of spawning a subprocess via
  [Deno.Command](https://docs.deno.com/api/deno/~/Deno.Command).
- \`--allow-run\` permission is required to spawn a subprocess.
- Spawned subprocesses do not run in a security sandbox.
- Communicate with the subprocess via the
  [stdin](https://docs.deno.com/api/deno/~/Deno.stdin),
  [stdout](https://docs.deno.com/api/deno/~/Deno.stdout) and
  [stderr](https://docs.deno.com/api/deno/~/Deno.stderr) streams.

## Simple example

This example is the equivalent of running \`echo "Hello from Deno!"\` from the
command line.

\`\`\`ts title="subprocess_simple.ts"
// define command used to create the subprocess
const command = new Deno.Command("echo", {
  args: ["hello"],
});
\`\`\`
`);
		expect(tldr).toBe('This example is the equivalent of running echo "Hello from Deno!" from the command line.');
	});

	it('Material for MkDocs (blog/posts/the-past-present-and-future.md): the bold paragraph under the H1', () => {
		const tldr = tldrOf(`---
date: 2021-12-27
authors: [squidfunk]
categories:
  - General
---

# The past, present and future

__2021 was a fantastic year for this project as we shipped many new awesome
features, saw significant user growth and leveraged GitHub Sponsors to make the
project sustainable.__

Today, together, [MkDocs] and Material for MkDocs are among the most popular
options when it comes to choosing a static site generator and theme for your
technical documentation project. Material for MkDocs ensures that your
content is always perfectly presented to your audience, regardless of screen
resolution or device capabilities.

  [MkDocs]: https://www.mkdocs.org
`);
		expect(tldr).toBe('2021 was a fantastic year for this project as we shipped many new awesome features, saw significant user growth and leveraged GitHub Sponsors to make the project sustainable.');
	});

	it('a page with no running prose keeps the most central sentence rule, and never quotes its front matter', () => {
		const tldr = tldrOf(`---
title: 'useAppConfig'
links:
  - label: Source
    to: https://github.com/nuxt/nuxt/blob/main/packages/nuxt/src/app/config.ts
---

## Usage

\`\`\`ts
const appConfig = useAppConfig()
\`\`\`
`);
		expect(tldr).not.toMatch(/title:|links:/u);
	});

	it('plain text keeps its most central sentence, not its first paragraph (fixtures/docs/field-notes.txt)', () => {
		const text = readFileSync('fixtures/docs/field-notes.txt', 'utf8');
		const tldr = textToItem({namespace: 'notes', itemId: 'field-notes', title: '', text}).tldr;
		expect(tldr).not.toMatch(/^We spent the morning/u);
		expect(tldr).toMatch(/paper notebook/u);
	});
});
