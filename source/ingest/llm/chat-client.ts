/**
 * A minimal client for an OpenAI-compatible `/v1/chat/completions` endpoint (OpenAI, Ollama,
 * llama.cpp, vLLM, LM Studio all speak it).
 */

export interface ChatSettings {
	/** The base URL (`http://127.0.0.1:8080`, `…/v1`) or the full `…/chat/completions` URL. */
	url: string;
	model: string;
	key?: string;
	timeoutMs: number;
}

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant';
	content: string;
}

export function completionsUrl(url: string): string {
	const trimmed = url.replace(/\/+$/u, '');
	if (/\/chat\/completions$/u.test(trimmed)) return trimmed;
	if (/\/v\d+$/u.test(trimmed)) return `${trimmed}/chat/completions`;
	return `${trimmed}/v1/chat/completions`;
}

export class ChatError extends Error {}

/** One completion; throws a ChatError with a one-line reason on any failure. */
export async function complete(settings: ChatSettings, messages: ChatMessage[]): Promise<string> {
	let response: Response;
	try {
		response = await fetch(completionsUrl(settings.url), {
			method: 'POST',
			headers: {'content-type': 'application/json', ...(settings.key ? {authorization: `Bearer ${settings.key}`} : {})},
			body: JSON.stringify({model: settings.model, messages, temperature: 0, response_format: {type: 'json_object'}}),
			signal: AbortSignal.timeout(settings.timeoutMs),
		});
	} catch (error) {
		const cause = (error as {cause?: {code?: string}}).cause?.code;
		if ((error as Error).name === 'TimeoutError') throw new ChatError(`no answer within ${settings.timeoutMs < 1000 ? `${settings.timeoutMs} ms` : `${Math.round(settings.timeoutMs / 1000)} s`}`);
		throw new ChatError(`cannot reach ${completionsUrl(settings.url)} (${cause ?? (error as Error).message})`);
	}
	const body = await response.text().catch(() => '');
	if (!response.ok) throw new ChatError(`HTTP ${response.status} ${response.statusText}${body ? `: ${body.slice(0, 160).replace(/\s+/gu, ' ')}` : ''}`);
	let parsed: unknown;
	try {
		parsed = JSON.parse(body);
	} catch {
		throw new ChatError('the endpoint did not answer with JSON');
	}
	const content = (parsed as {choices?: Array<{message?: {content?: unknown}}>}).choices?.[0]?.message?.content;
	if (typeof content !== 'string' || content.trim() === '') throw new ChatError('the answer has no choices[0].message.content');
	return content;
}
