import type { Charge } from './quota.service.js';

declare module 'express-serve-static-core' {
  interface Request {
    /**
     * What the request costs against its key's budget, set by the route's validation step,
     * which runs before QuotaGuard (so the order is 400/413/415, then 429). Unset: 1.
     */
    chargeCost?: number;
    /** The charge QuotaGuard made, spent on the lookup by SpendChargeInterceptor. */
    quotaCharge?: Charge;
  }
}

export {};
