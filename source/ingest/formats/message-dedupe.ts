/**
 * Some logs write the same message twice through two channels (Codex: the model history as
 * `response_item` and the UI events as `event_msg`), in either order. Each copy is kept once:
 * a message is dropped when the other channel already gave the same text and that copy has not
 * been matched yet.
 */
export class MessageDedupe<Channel extends string> {
	private readonly unmatched = new Map<string, {channel: Channel; count: number}>();

	/** True when this message is the second copy of one already kept. */
	seen(channel: Channel, kind: string, text: string): boolean {
		const trimmed = text.trim();
		// A short key (length, head, tail): a long session that writes one channel only keeps little.
		const key = `${kind}\u0000${trimmed.length}\u0000${trimmed.slice(0, 160)}\u0000${trimmed.slice(-40)}`;
		const entry = this.unmatched.get(key);
		if (entry && entry.channel !== channel) {
			if (--entry.count === 0) this.unmatched.delete(key);
			return true;
		}
		if (entry) entry.count++;
		else this.unmatched.set(key, {channel, count: 1});
		return false;
	}
}
