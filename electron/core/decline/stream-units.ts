import { FIELD_RULES, type Quantity } from '#shared/api/index.js';
import type { DeclineStream } from '#shared/desktop/index.js';

/**
 * The quantity of each stream's rate. Its volume converts by the same factor
 * (bbl ↔ m³ as bbl/d ↔ m³/d, Mscf ↔ 10³m³ as Mscf/d ↔ 10³m³/d), so rates and
 * volumes of a stream share one conversion.
 */
export const STREAM_QUANTITY: Record<DeclineStream, Quantity> = {
  oil: FIELD_RULES.oil_rate.quantity,
  gas: FIELD_RULES.gas_rate.quantity,
  water: FIELD_RULES.water_rate.quantity,
};
