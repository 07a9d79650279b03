// esm-shim: @nestjs/throttler
// Replaced at test time by esm-shim.transform.cjs (see there why).
export {};
