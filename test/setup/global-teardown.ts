/** Stops what global-setup.ts started (it kept the way to stop them). */
export default async function globalTeardown(): Promise<void> {
  await globalThis.__testServersStop?.();
}
