/**
 * Protocol Buffers' wire format read without a schema library: the fields of one message, each a
 * number or a byte range, so a reader that knows the field numbers (from the agent's `.proto`)
 * takes what it needs. Bytes from a store are untrusted: every length is checked against the
 * buffer, and a message that does not decode gives no fields rather than an error.
 */
import {append} from '../../core/arrays.js';

export interface WireField {
	field: number;
	/** 0 varint, 1 fixed64, 2 length-delimited, 5 fixed32. */
	wire: number;
	/** A varint's or fixed field's value (as a number: ids and counts, never 64-bit arithmetic). */
	number?: number;
	/** A length-delimited field's bytes: a string, bytes, or a nested message. */
	bytes?: Uint8Array;
}

function varint(bytes: Uint8Array, at: number): [number, number] | undefined {
	let value = 0;
	let scale = 1;
	for (let i = at; i < bytes.length && i < at + 10; i++) {
		const byte = bytes[i]!;
		value += (byte & 0x7f) * scale;
		scale *= 128;
		if (byte < 0x80) return [value, i + 1];
	}
	return undefined;
}

/** The fields of one message, in order; undefined when the bytes are not a message. */
export function wireFields(bytes: Uint8Array): WireField[] | undefined {
	const fields: WireField[] = [];
	let at = 0;
	while (at < bytes.length) {
		const key = varint(bytes, at);
		if (!key) return undefined;
		const [tag, next] = key;
		const field = Math.floor(tag / 8);
		const wire = tag % 8;
		if (field === 0) return undefined;
		at = next;
		if (wire === 0) {
			const value = varint(bytes, at);
			if (!value) return undefined;
			fields.push({field, wire, number: value[0]});
			at = value[1];
		} else if (wire === 2) {
			const length = varint(bytes, at);
			if (!length || length[1] + length[0] > bytes.length) return undefined;
			fields.push({field, wire, bytes: bytes.subarray(length[1], length[1] + length[0])});
			at = length[1] + length[0];
		} else if (wire === 1 || wire === 5) {
			const size = wire === 1 ? 8 : 4;
			if (at + size > bytes.length) return undefined;
			const view = new DataView(bytes.buffer, bytes.byteOffset + at, size);
			fields.push({field, wire, number: wire === 1 ? Number(view.getBigUint64(0, true)) : view.getUint32(0, true)});
			at += size;
		} else return undefined;
	}
	return fields;
}

const decoder = new TextDecoder('utf-8', {fatal: true});

/** A length-delimited field as UTF-8 text; undefined when it is not valid UTF-8. */
export function wireText(bytes: Uint8Array | undefined): string | undefined {
	if (!bytes) return undefined;
	try {
		return decoder.decode(bytes);
	} catch {
		return undefined;
	}
}

/** A decoded message with lookups by field number. */
export class WireMessage {
	constructor(readonly fields: WireField[]) {}

	static of(bytes: Uint8Array | undefined): WireMessage | undefined {
		const fields = bytes ? wireFields(bytes) : undefined;
		return fields ? new WireMessage(fields) : undefined;
	}

	/** The last value of a singular field (protobuf's rule when a field repeats). */
	private last(field: number): WireField | undefined {
		for (let i = this.fields.length - 1; i >= 0; i--) if (this.fields[i]!.field === field) return this.fields[i];
		return undefined;
	}

	text(field: number): string | undefined {
		return wireText(this.last(field)?.bytes);
	}

	number(field: number): number | undefined {
		return this.last(field)?.number;
	}

	message(field: number): WireMessage | undefined {
		return WireMessage.of(this.last(field)?.bytes);
	}

	/** Every value of a repeated message field. */
	messages(field: number): WireMessage[] {
		return this.fields.flatMap((entry) => (entry.field === field && entry.bytes ? (WireMessage.of(entry.bytes) ?? []) : []));
	}

	/** Every value of a repeated string field. */
	texts(field: number): string[] {
		return this.fields.flatMap((entry) => (entry.field === field ? (wireText(entry.bytes) ?? []) : []));
	}

	/** Which field of a `oneof` is set, among those given (the last one written wins). */
	oneOf(candidates: readonly number[]): {field: number; message: WireMessage | undefined} | undefined {
		for (let i = this.fields.length - 1; i >= 0; i--) {
			const entry = this.fields[i]!;
			if (candidates.includes(entry.field)) return {field: entry.field, message: WireMessage.of(entry.bytes)};
		}
		return undefined;
	}

	/**
	 * The texts inside this message, depth first, for a part whose schema is not followed field by
	 * field (a tool's result): a length-delimited field that is printable UTF-8 is text, one that
	 * decodes as a message is looked into.
	 */
	allTexts(depth = 0): string[] {
		const out: string[] = [];
		for (const entry of this.fields) {
			if (!entry.bytes || entry.bytes.length === 0) continue;
			// A nested message can be valid UTF-8 too ("\n%/home/…": field 1, 37 bytes): one that starts
			// with a field key below 0x20 and decodes to its last byte is taken as a message.
			const nested = depth < 8 ? WireMessage.of(entry.bytes) : undefined;
			if (nested && entry.bytes[0]! < 0x20) {
				append(out, nested.allTexts(depth + 1));
				continue;
			}
			const asText = wireText(entry.bytes);
			if (asText !== undefined && printable(asText)) out.push(asText);
			else if (nested) append(out, nested.allTexts(depth + 1));
		}
		return out;
	}
}

/** Text a person wrote or a tool printed: no control characters beyond tabs and line breaks, and not empty. */
function printable(text: string): boolean {
	return text.trim() !== '' && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/u.test(text);
}
