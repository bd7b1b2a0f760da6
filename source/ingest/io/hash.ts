import {createHash} from 'node:crypto';
import {createReadStream} from 'node:fs';

/** SHA-256 of a file's bytes, salted with what else decides the result (format, summarizer, version). */
export async function hashFile(file: string, salt: string): Promise<string> {
	const hash = createHash('sha256').update(salt).update('\u0000');
	for await (const chunk of createReadStream(file, {highWaterMark: 1 << 20})) hash.update(chunk as Buffer);
	return hash.digest('hex');
}

export function hashBytes(bytes: Buffer | string, salt: string): string {
	return createHash('sha256').update(salt).update('\u0000').update(bytes).digest('hex');
}
