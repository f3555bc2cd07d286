import type { GameProvider } from "./ports";

/**
 * The built-in demo provider (ADR 11): its games are pages of the portal
 * (`/demo-games/<token>`, reached through a launch CDN), and its rounds pay
 * through the seamless wallet in-process.
 */
export const DEMO_PROVIDER = "demo";

export const demoProvider: GameProvider = {
  code: DEMO_PROVIDER,
  async launch({ session }) {
    return { url: `/demo-games/${encodeURIComponent(session.token)}` };
  },
};
