/** The measures a usage rollup row holds, whatever it is keyed by (usage_days, usage_model_days). */
export const usageMeasureColumns = `
			sessions INTEGER NOT NULL,
			messages INTEGER NOT NULL,
			input INTEGER NOT NULL,
			output INTEGER NOT NULL,
			cache_write INTEGER NOT NULL,
			cache_read INTEGER NOT NULL,
			-- the recorded cost where the agent recorded it, else the estimate; NULL when no hour has either
			cost REAL,
			-- hours without a recorded cost, and hours with tokens but no cost at all (a model without a price)
			estimated INTEGER NOT NULL,
			unpriced INTEGER NOT NULL,
			first TEXT NOT NULL,
			last TEXT NOT NULL`;
