/**
 * Just enough of the protocol buffers wire format to write a message (for the ONNX model the
 * tests build): varints (wire type 0) and length-delimited fields (wire type 2), nothing signed.
 */
export class ProtoWriter {
	private readonly parts: Uint8Array[] = [];

	/** An integer field (int32, int64, enum), non-negative. */
	int(field: number, value: number): this {
		this.parts.push(varint(field * 8), varint(value));
		return this;
	}

	bytes(field: number, value: Uint8Array): this {
		this.parts.push(varint(field * 8 + 2), varint(value.length), value);
		return this;
	}

	string(field: number, value: string): this {
		return this.bytes(field, new TextEncoder().encode(value));
	}

	message(field: number, value: ProtoWriter): this {
		return this.bytes(field, value.finish());
	}

	finish(): Uint8Array {
		return Buffer.concat(this.parts);
	}
}

function varint(value: number): Uint8Array {
	if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`varint needs a non-negative safe integer, not ${value}`);
	const bytes: number[] = [];
	let rest = value;
	while (rest >= 0x80) {
		bytes.push((rest % 0x80) | 0x80);
		rest = Math.floor(rest / 0x80);
	}
	bytes.push(rest);
	return Uint8Array.from(bytes);
}
